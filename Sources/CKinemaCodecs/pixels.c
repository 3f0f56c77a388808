// Premultiplication, the one pixel loop shared by every codec.
#include "CKinemaCodecs.h"

#include <stdlib.h>

// round(x / 255) for 0 ≤ x ≤ 255 × 255, exact: ((x + 128) + ((x + 128) >> 8)) >> 8.
static inline uint8_t div255_round(uint32_t x) {
    x += 128;
    return (uint8_t)((x + (x >> 8)) >> 8);
}

void kc_premultiply_rgba(uint8_t *p, size_t count) {
    for (size_t i = 0; i < count; i++, p += 4) {
        uint32_t a = p[3];
        if (a == 255) continue;
        p[0] = div255_round(p[0] * a);
        p[1] = div255_round(p[1] * a);
        p[2] = div255_round(p[2] * a);
    }
}

void kc_unpremultiply_rgba(const uint8_t *s, uint8_t *d, size_t count) {
    for (size_t i = 0; i < count; i++, s += 4, d += 4) {
        uint32_t a = s[3];
        if (a == 255) {
            d[0] = s[0]; d[1] = s[1]; d[2] = s[2]; d[3] = 255;
        } else if (a == 0) {
            d[0] = 0; d[1] = 0; d[2] = 0; d[3] = 0;
        } else {
            for (int c = 0; c < 3; c++) {
                uint32_t v = (s[c] * 255u + a / 2) / a;   // round(c × 255 / a)
                d[c] = (uint8_t)(v > 255 ? 255 : v);
            }
            d[3] = (uint8_t)a;
        }
    }
}

void kc_free(void *pointer) { free(pointer); }
