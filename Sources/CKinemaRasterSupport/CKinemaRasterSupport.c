// Everything lives in the header (static inline); SwiftPM needs one source file per C target.
#include "CKinemaRasterSupport.h"
