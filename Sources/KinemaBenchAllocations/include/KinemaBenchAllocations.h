// A malloc counter for `kinema bench` (the kinema executable only; no library or test links it).
//
// The target defines malloc, calloc and realloc, which the executable exports, so the dynamic
// linker binds every library's calls (Swift's runtime included) to them; each forwards to glibc's
// own entry points (__libc_malloc, __libc_calloc, __libc_realloc, exported by glibc for exactly
// this kind of wrapper) and, while counting is on, counts the calls made by the thread that turned
// it on. Off, the cost is one load and branch per call. Aligned allocations (posix_memalign,
// aligned_alloc: Swift uses them only for over-aligned types) are not counted.
#ifndef KINEMA_BENCH_ALLOCATIONS_H
#define KINEMA_BENCH_ALLOCATIONS_H

/// Starts counting the calling thread's malloc, calloc and realloc calls from zero.
void kinema_bench_allocations_start(void);

/// Stops counting; returns the calls counted since the start.
unsigned long long kinema_bench_allocations_stop(void);

/// Whether the counter is installed (the executable's malloc is this one): a call of malloc made
/// while counting was counted.
int kinema_bench_allocations_available(void);

#endif
