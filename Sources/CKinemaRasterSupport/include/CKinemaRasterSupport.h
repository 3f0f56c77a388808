// Machine-level helpers the rasterizer (and the render server) need and Swift does not spell: a cache-prefetch hint
// and a saturating double-to-integer conversion. Static inline functions, so Swift inlines them
// through the Clang importer. The affine image span kernel (AVX2 chosen at run time) is declared
// in CKinemaImageSpan.h, included here, and compiled in CKinemaImageSpan.c; the shadow row kernel likewise
// in CKinemaShadowRow.h / .c, and the page curl's row kernels in CKinemaCurlRow.h / .c. (Binding LLVM's intrinsics with `@_silgen_name` instead broke
// sanitizer builds: `swift test --sanitize=thread` could not compile them.)
#ifndef CKINEMA_RASTER_SUPPORT_H
#define CKINEMA_RASTER_SUPPORT_H

#include <stdint.h>
#include "CKinemaImageSpan.h"
#include "CKinemaShadowRow.h"
#include "CKinemaCurlRow.h"
#include "CKinemaGlyphBlend.h"
#if defined(__linux__)
#include <malloc.h>
#endif

/// Asks for the cache line holding `address`, to be written soon. A hint: never faults, whatever
/// the address, and compiles to nothing where the target has no prefetch instruction.
static inline void kinema_prefetch_for_writing(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

/// Asks for the `lines` cache lines (64 bytes each) from `address`, to be read soon. A hint, as
/// above: never faults, whatever the address.
static inline void kinema_prefetch_lines(const void *address, int lines) {
    const char *p = (const char *)address;
    for (int i = 0; i < lines; i++) __builtin_prefetch(p + 64 * i, 0, 3);
}

/// `kinema_prefetch_lines` for memory about to be written (a reference count, say): the lines
/// arrive ready for writing. A hint; any address is allowed, nothing is read.
static inline void kinema_prefetch_lines_for_write(const void *address, int lines) {
    const char *p = (const char *)address;
    for (int i = 0; i < lines; i++) __builtin_prefetch(p + 64 * i, 1, 3);
}

/// This thread's current frozen-value table (KinemaRenderServer's FrozenValues.swift): an
/// unretained object pointer, or NULL. A C thread-local, so that reading and setting it allocate
/// nothing (a Swift task-local's push allocates).
const void *kinema_frozen_table_current(void);
void kinema_frozen_table_set_current(const void *table);

/// `value` truncated toward zero and pinned to INT64_MIN ... INT64_MAX; NaN gives 0. Defined for
/// every input (a plain C cast is undefined out of range).
static inline int64_t kinema_saturating_int64(double value) {
    if (!(value == value)) return 0;
    if (value >= 9223372036854775807.0) return INT64_MAX;
    if (value <= -9223372036854775808.0) return INT64_MIN;
    return (int64_t)value;
}

/// Raises glibc's heap trim threshold to `bytes`, so memory freed at the end of one frame is kept
/// for the next instead of going back to the kernel and faulting in again. Returns 1 when set, 0
/// where there is no such setting (other C libraries).
static inline int kinema_set_heap_trim_threshold(int bytes) {
#if defined(M_TRIM_THRESHOLD)
    return mallopt(M_TRIM_THRESHOLD, bytes);
#else
    (void)bytes;
    return 0;
#endif
}

/// Raises glibc's mmap threshold to `bytes` (at most 32 MiB on 64-bit systems): allocations below
/// it come from the heap instead of fresh mmap'd pages that are unmapped on free. Setting the trim
/// threshold turns off glibc's own raising of this threshold, so without it every frame-sized
/// buffer was mapped, faulted in and zeroed anew. Returns 1 when set, 0 when refused or where
/// there is no such setting.
static inline int kinema_set_mmap_threshold(int bytes) {
#if defined(M_MMAP_THRESHOLD)
    return mallopt(M_MMAP_THRESHOLD, bytes);
#else
    (void)bytes;
    return 0;
#endif
}

#endif
