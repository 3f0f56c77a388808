// HarfBuzz, text shaping (Debian: libharfbuzz-dev).
#include <hb.h>
#include <hb-ot.h>
