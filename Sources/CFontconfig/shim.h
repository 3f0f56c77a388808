// fontconfig, font discovery and fallback (Debian: libfontconfig-dev).
#include <fontconfig/fontconfig.h>
