// JPEG reading through libjpeg-turbo's libjpeg API, under setjmp.
//
// The error manager replaces libjpeg's error_exit (which would call exit()) by a longjmp back
// here, silences output_message (which would print), and turns the "premature end of data"
// warning into a KC_ERR_TRUNCATED failure: libjpeg would otherwise pad the missing data with
// gray and report success. The same holds for a file cut short that still ends in an EOI
// marker: the Huffman decoder meets EOI inside a scan and warns JWRN_HIT_MARKER ("premature
// end of data segment") with EOI as the unread marker, then pads the rest with gray; that is
// KC_ERR_TRUNCATED too. (JWRN_HIT_MARKER on another marker, a restart marker met early, is
// corruption libjpeg resynchronises past.) Arithmetic-coded scans may legally meet a marker
// before their end, so libjpeg cannot tell a cut there: such files still decode padded. Other
// warnings (corrupt entropy data libjpeg resynchronised past) are counted and the decode goes
// on, as browsers do.
//
// Sizes over libjpeg's own JPEG_MAX_DIMENSION (65500) are KC_ERR_TOO_LARGE, like sizes over the
// caller's limits, not a generic decoder error.
//
// Rows are read in bands (kc_jpeg_read_rows), so the caller can grow its buffer as the data
// proves to be there instead of trusting the header's size.
//
// Output: gray, YCbCr and RGB files use libjpeg-turbo's JCS_EXT_RGBA output. CMYK and YCCK files
// are decoded as CMYK and converted naively (no colour management, as Pillow and browsers without
// a CMYK profile do): R = (255 − C)(255 − K)/255, and likewise G from M, B from Y. Files with an
// Adobe APP14 marker store CMYK inverted (as Photoshop writes them); that is undone first.
#include "CKinemaCodecs.h"

#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct kc_jpeg_error {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    kc_status status;
    char message[JMSG_LENGTH_MAX];
    char first_warning[JMSG_LENGTH_MAX];
    int warnings;
} kc_jpeg_error;

typedef struct kc_jpeg_progress {
    struct jpeg_progress_mgr pub;
    int max_scans;
} kc_jpeg_progress;

struct kc_jpeg_reader {
    struct jpeg_decompress_struct cinfo;
    kc_jpeg_error error;
    kc_jpeg_progress progress;
    const uint8_t *data;
    size_t size;
    int state;   // 0 created, 1 header read, 2 starting, 3 rows being read, 4 done or failed
    int cmyk;    // decoding CMYK/YCCK, converted here row by row
    uint8_t *cmyk_row;
};

static void kc_jpeg_error_exit(j_common_ptr cinfo) {
    kc_jpeg_error *e = (kc_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, e->message);
    if (e->status == KC_OK) {
        int code = cinfo->err->msg_code;
        e->status = (code == JERR_OUT_OF_MEMORY || code == JERR_NO_BACKING_STORE) ? KC_ERR_OUT_OF_MEMORY
                  : code == JERR_IMAGE_TOO_BIG ? KC_ERR_TOO_LARGE
                  : KC_ERR_DECODER;
    }
    longjmp(e->jump, 1);
}

static void kc_jpeg_emit_message(j_common_ptr cinfo, int level) {
    kc_jpeg_error *e = (kc_jpeg_error *)cinfo->err;
    if (level >= 0) return;   // trace messages
    int code = cinfo->err->msg_code;
    int cut = code == JWRN_JPEG_EOF
              || (code == JWRN_HIT_MARKER && cinfo->is_decompressor
                  && ((j_decompress_ptr)cinfo)->unread_marker == JPEG_EOI);   // EOI inside a scan
    if (cut) {
        (*cinfo->err->format_message)(cinfo, e->message);
        e->status = KC_ERR_TRUNCATED;
        longjmp(e->jump, 1);
    }
    if (e->warnings == 0) (*cinfo->err->format_message)(cinfo, e->first_warning);
    e->warnings++;
}

static void kc_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

// Called by libjpeg between passes and every so many rows; fails files with absurdly many scans
// (a progressive file can otherwise ask for an unbounded amount of work).
static void kc_jpeg_progress_monitor(j_common_ptr cinfo) {
    if (cinfo->is_decompressor) {
        j_decompress_ptr d = (j_decompress_ptr)cinfo;
        kc_jpeg_progress *p = (kc_jpeg_progress *)cinfo->progress;
        if (p->max_scans > 0 && d->input_scan_number > p->max_scans) {
            kc_jpeg_error *e = (kc_jpeg_error *)cinfo->err;
            snprintf(e->message, sizeof e->message, "Too many scans (more than %d)", p->max_scans);
            e->status = KC_ERR_DECODER;
            longjmp(e->jump, 1);
        }
    }
}

kc_jpeg_reader *kc_jpeg_reader_create(const uint8_t *data, size_t size) {
    kc_jpeg_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->data = data;
    r->size = size;
    r->cinfo.err = jpeg_std_error(&r->error.pub);
    r->error.pub.error_exit = kc_jpeg_error_exit;
    r->error.pub.emit_message = kc_jpeg_emit_message;
    r->error.pub.output_message = kc_jpeg_output_message;
    if (setjmp(r->error.jump)) {
        jpeg_destroy_decompress(&r->cinfo);
        free(r);
        return NULL;
    }
    jpeg_create_decompress(&r->cinfo);
    return r;
}

void kc_jpeg_reader_destroy(kc_jpeg_reader *r) {
    if (!r) return;
    jpeg_destroy_decompress(&r->cinfo);
    free(r->cmyk_row);
    free(r);
}

const char *kc_jpeg_reader_message(const kc_jpeg_reader *r) { return r ? r->error.message : ""; }
int kc_jpeg_reader_warning_count(const kc_jpeg_reader *r) { return r ? r->error.warnings : 0; }
const char *kc_jpeg_reader_first_warning(const kc_jpeg_reader *r) {
    return r ? r->error.first_warning : "";
}

kc_status kc_jpeg_read_header(kc_jpeg_reader *r, kc_jpeg_info *info) {
    if (!r || r->state != 0 || !info) return KC_ERR_USAGE;
    r->state = 1;
    j_decompress_ptr cinfo = &r->cinfo;
    if (setjmp(r->error.jump)) {
        // Say what the frame header claimed, when the failure came after it (a size too large).
        info->width = cinfo->image_width;
        info->height = cinfo->image_height;
        return r->error.status != KC_OK ? r->error.status : KC_ERR_DECODER;
    }
    if (r->size == 0) {
        // jpeg_mem_src treats an empty buffer as an error exit of its own; say "truncated".
        strcpy(r->error.message, "Empty JPEG data");
        return KC_ERR_TRUNCATED;
    }
    jpeg_mem_src(cinfo, r->data, (unsigned long)r->size);
    jpeg_read_header(cinfo, TRUE);
    info->width = cinfo->image_width;
    info->height = cinfo->image_height;
    info->components = cinfo->num_components;
    info->color_space = (int)cinfo->jpeg_color_space;
    info->progressive = cinfo->progressive_mode ? 1 : 0;
    info->adobe_marker = cinfo->saw_Adobe_marker ? 1 : 0;
    return KC_OK;
}

// round(x / 255) for 0 ≤ x ≤ 255 × 255.
static inline uint8_t kc_div255(uint32_t x) {
    x += 128;
    return (uint8_t)((x + (x >> 8)) >> 8);
}

kc_status kc_jpeg_start(kc_jpeg_reader *r, size_t max_memory, int max_scans, int *input_complete) {
    if (!r || r->state != 1 || !input_complete) return KC_ERR_USAGE;
    r->state = 2;
    j_decompress_ptr cinfo = &r->cinfo;
    if (setjmp(r->error.jump)) return r->error.status != KC_OK ? r->error.status : KC_ERR_DECODER;

    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE:
    case JCS_YCbCr:
    case JCS_RGB:
        cinfo->out_color_space = JCS_EXT_RGBA;
        break;
    case JCS_CMYK:
    case JCS_YCCK:
        cinfo->out_color_space = JCS_CMYK;
        r->cmyk = 1;
        break;
    default:
        snprintf(r->error.message, sizeof r->error.message,
                 "Unsupported JPEG colour space %d with %d components",
                 (int)cinfo->jpeg_color_space, cinfo->num_components);
        return KC_ERR_UNSUPPORTED;
    }
    cinfo->mem->max_memory_to_use = max_memory > (size_t)LONG_MAX ? LONG_MAX : (long)max_memory;
    r->progress.pub.progress_monitor = kc_jpeg_progress_monitor;
    r->progress.max_scans = max_scans;
    cinfo->progress = &r->progress.pub;

    // A file with several scans (progressive, or sequential with one scan per component) is
    // read to its end here, into libjpeg's coefficient buffer, before any row comes out.
    *input_complete = jpeg_has_multiple_scans(cinfo) ? 1 : 0;
    jpeg_start_decompress(cinfo);
    if (*input_complete) {
        // The whole file is read. A progressive file cut between two scans and closed with EOI
        // raises no warning: find it by what its scans left out. Every coefficient of every
        // component must have reached its final precision (coef_bits 0; -1: never sent). (A
        // sequential file with one scan per component, cut between scans, is not detected.)
        if (cinfo->progressive_mode && cinfo->coef_bits) {
            for (int c = 0; c < cinfo->num_components; c++) {
                for (int k = 0; k < DCTSIZE2; k++) {
                    if (cinfo->coef_bits[c][k] != 0) {
                        snprintf(r->error.message, sizeof r->error.message,
                                 "Progressive JPEG ends before its scans are complete "
                                 "(component %d, coefficient %d)", c, k);
                        return KC_ERR_TRUNCATED;
                    }
                }
            }
        }
    }
    if (cinfo->output_width != cinfo->image_width || cinfo->output_height != cinfo->image_height
        || cinfo->output_components != 4) {
        strcpy(r->error.message, "Internal error: unexpected JPEG output geometry");
        return KC_ERR_DECODER;
    }
    if (r->cmyk) {
        r->cmyk_row = malloc((size_t)cinfo->output_width * 4);
        if (!r->cmyk_row) { strcpy(r->error.message, "Out of memory"); return KC_ERR_OUT_OF_MEMORY; }
    }
    r->state = 3;
    return KC_OK;
}

kc_status kc_jpeg_read_rows(kc_jpeg_reader *r, uint8_t *rgba, size_t stride, uint32_t max_rows,
                            uint32_t *rows_read) {
    if (!r || r->state != 3 || !rgba || !rows_read) return KC_ERR_USAGE;
    j_decompress_ptr cinfo = &r->cinfo;
    *rows_read = 0;
    if (stride < (size_t)cinfo->output_width * 4) return KC_ERR_USAGE;
    if (setjmp(r->error.jump)) {
        r->state = 4;
        return r->error.status != KC_OK ? r->error.status : KC_ERR_DECODER;
    }
    int inverted = cinfo->saw_Adobe_marker;
    while (*rows_read < max_rows && cinfo->output_scanline < cinfo->output_height) {
        uint8_t *dst = rgba + (size_t)*rows_read * stride;
        JSAMPROW row = r->cmyk ? r->cmyk_row : dst;
        if (jpeg_read_scanlines(cinfo, &row, 1) != 1) {
            strcpy(r->error.message, "libjpeg returned no scanline");
            r->state = 4;
            return KC_ERR_DECODER;
        }
        if (r->cmyk) {
            const uint8_t *s = r->cmyk_row;
            for (JDIMENSION x = 0; x < cinfo->output_width; x++, s += 4, dst += 4) {
                uint32_t c = s[0], m = s[1], y = s[2], k = s[3];
                if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
                dst[0] = kc_div255(c * k);
                dst[1] = kc_div255(m * k);
                dst[2] = kc_div255(y * k);
                dst[3] = 255;
            }
        }
        *rows_read += 1;
    }
    if (cinfo->output_scanline == cinfo->output_height) {
        jpeg_finish_decompress(cinfo);
        r->state = 4;
    }
    return KC_OK;
}
