// The helpers of CKinemaRasterSupport.h live in the header (static inline); the image span kernel
// has its own file, CKinemaImageSpan.c.
#include "CKinemaRasterSupport.h"
