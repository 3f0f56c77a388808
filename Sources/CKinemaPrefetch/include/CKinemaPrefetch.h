// A cache hint the scan converter uses (see Sources/KinemaRaster/Prefetch.swift). A static inline
// function, so Swift inlines it through the Clang importer; __builtin_prefetch never faults,
// whatever the address, and compiles to nothing where the target has no prefetch instruction.
#ifndef CKINEMA_PREFETCH_H
#define CKINEMA_PREFETCH_H

static inline void kinema_prefetch_for_writing(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

#endif
