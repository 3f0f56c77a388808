// libjpeg-turbo through its libjpeg API (Debian: libjpeg62-turbo-dev). jpeglib.h needs FILE and
// size_t declared before it.
#include <stdio.h>
#include <stddef.h>
#include <jpeglib.h>
