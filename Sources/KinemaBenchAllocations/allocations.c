// See include/KinemaBenchAllocations.h.
#define _GNU_SOURCE
#include <stddef.h>
#include <stdlib.h>
#include "KinemaBenchAllocations.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <dlfcn.h>
#include <pthread.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

static int counting = 0;
static pthread_t counted_thread;
static unsigned long long counted = 0;

static inline void tally(void) {
    if (__atomic_load_n(&counting, __ATOMIC_ACQUIRE) && pthread_equal(pthread_self(), counted_thread)) counted += 1;
}

void *malloc(size_t size) {
    tally();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    tally();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    tally();
    return __libc_realloc(pointer, size);
}

void kinema_bench_allocations_start(void) {
    counted_thread = pthread_self();
    counted = 0;
    __atomic_store_n(&counting, 1, __ATOMIC_SEQ_CST);
}

unsigned long long kinema_bench_allocations_stop(void) {
    __atomic_store_n(&counting, 0, __ATOMIC_SEQ_CST);
    return counted;
}

int kinema_bench_allocations_available(void) {
    // The symbol every library's call binds to: this file's malloc when the executable exports it.
    return dlsym(RTLD_DEFAULT, "malloc") == (void *)&malloc;
}
#else
void kinema_bench_allocations_start(void) {}
unsigned long long kinema_bench_allocations_stop(void) { return 0; }
int kinema_bench_allocations_available(void) { return 0; }
#endif
