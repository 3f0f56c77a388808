// libpng, the reference PNG codec (Debian: libpng-dev).
#include <png.h>
