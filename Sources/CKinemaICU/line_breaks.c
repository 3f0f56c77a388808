#include "CKinemaICU.h"
#include <unicode/ubrk.h>
#include <unicode/utypes.h>

int32_t kinema_icu_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                               int32_t *offsets, uint8_t *mandatory, int32_t capacity,
                               int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    *error = 0;
    if (length <= 0) return 0;
    UBreakIterator *it = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || it == NULL) {
        *error = (int32_t)status;
        return -1;
    }
    int32_t count = 0;
    ubrk_first(it);
    for (int32_t b = ubrk_next(it); b != UBRK_DONE; b = ubrk_next(it)) {
        if (count < capacity) {
            offsets[count] = b;
            // UBRK_LINE_HARD's range: a break the rules require (after BK, CR, LF, NL).
            int32_t status_rule = ubrk_getRuleStatus(it);
            mandatory[count] = (status_rule >= UBRK_LINE_HARD && status_rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        }
        count += 1;
    }
    ubrk_close(it);
    return count;
}
