// The helpers of CKinemaRasterSupport.h live in the header (static inline); the image span kernel
// has its own file, CKinemaImageSpan.c.
#include "CKinemaRasterSupport.h"

static _Thread_local const void *frozen_table_current;

const void *kinema_frozen_table_current(void) { return frozen_table_current; }

void kinema_frozen_table_set_current(const void *table) { frozen_table_current = table; }
