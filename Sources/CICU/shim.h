// ICU's common library (Debian: libicu-dev). Only CKinemaICU includes it: ICU renames every
// entry point with a version suffix through function-like macros, which Swift cannot call.
#include <unicode/ubrk.h>
#include <unicode/utypes.h>
