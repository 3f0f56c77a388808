// Kinema's C side of ICU: the Unicode line-breaking algorithm (UAX #14) through ICU's line
// break iterator. ICU renames its entry points with a version suffix through function-like
// macros, which Swift cannot call, so the calls are made here in C. No ICU type crosses this
// header.
#ifndef CKINEMAICU_H
#define CKINEMAICU_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Finds the line-break opportunities of `text` (UTF-16, `length` code units) by UAX #14.
/// Writes each opportunity's UTF-16 offset (a break is allowed *before* that offset; the end of
/// the text is included) to `offsets` and 1 to `mandatory` when the break is required (after a
/// hard line break), else 0. Writes at most `capacity` entries and returns how many there are
/// in total (call again with a larger buffer if it exceeds `capacity`), or -1 when ICU fails
/// (the reason is in `*error`, an ICU error code).
int32_t kinema_icu_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                               int32_t *offsets, uint8_t *mandatory, int32_t capacity,
                               int32_t *error);

#ifdef __cplusplus
}
#endif
#endif
