// JPEG writing through libjpeg-turbo, under setjmp: baseline, YCbCr 4:2:0 (libjpeg's default),
// optimised Huffman tables. The alpha byte of each pixel is skipped (JCS_EXT_RGBX).
#include "CKinemaCodecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct kc_jpeg_write_error {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char *message;
    size_t message_capacity;
} kc_jpeg_write_error;

// A destination that grows one malloc'd buffer. (jpeg_mem_dest is not used: after it has grown
// its buffer, an error leaves the caller's pointer at memory it already freed.)
typedef struct kc_jpeg_sink {
    struct jpeg_destination_mgr pub;
    uint8_t *bytes;
    size_t capacity;
} kc_jpeg_sink;

static void kc_jpeg_sink_init(j_compress_ptr cinfo) {
    kc_jpeg_sink *sink = (kc_jpeg_sink *)cinfo->dest;
    sink->capacity = 16384;
    sink->bytes = malloc(sink->capacity);
    if (!sink->bytes) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 100);
    sink->pub.next_output_byte = sink->bytes;
    sink->pub.free_in_buffer = sink->capacity;
}

static boolean kc_jpeg_sink_grow(j_compress_ptr cinfo) {
    kc_jpeg_sink *sink = (kc_jpeg_sink *)cinfo->dest;
    // libjpeg calls this only when the buffer is full (free_in_buffer == 0).
    size_t used = sink->capacity;
    uint8_t *bytes = sink->capacity < SIZE_MAX / 2 ? realloc(sink->bytes, sink->capacity * 2) : NULL;
    if (!bytes) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 101);
    sink->bytes = bytes;
    sink->capacity *= 2;
    sink->pub.next_output_byte = bytes + used;
    sink->pub.free_in_buffer = sink->capacity - used;
    return TRUE;
}

static void kc_jpeg_sink_term(j_compress_ptr cinfo) { (void)cinfo; }

static void kc_jpeg_write_error_exit(j_common_ptr cinfo) {
    kc_jpeg_write_error *e = (kc_jpeg_write_error *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    if (e->message && e->message_capacity) {
        strncpy(e->message, text, e->message_capacity - 1);
        e->message[e->message_capacity - 1] = 0;
    }
    longjmp(e->jump, 1);
}

static void kc_jpeg_write_output_message(j_common_ptr cinfo) { (void)cinfo; }

kc_status kc_jpeg_write(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                        int quality, uint8_t **out, size_t *out_size,
                        char *message, size_t message_capacity) {
    if (!rgba || !out || !out_size || width == 0 || height == 0 || stride < (size_t)width * 4
        || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION)
        return KC_ERR_USAGE;
    *out = NULL;
    *out_size = 0;

    struct jpeg_compress_struct cinfo;
    kc_jpeg_write_error error;
    memset(&error, 0, sizeof error);
    error.message = message;
    error.message_capacity = message_capacity;
    cinfo.err = jpeg_std_error(&error.pub);
    error.pub.error_exit = kc_jpeg_write_error_exit;
    error.pub.output_message = kc_jpeg_write_output_message;

    // The sink is on the heap: libjpeg changes it between setjmp and a possible longjmp, and a
    // local changed that way would be indeterminate after the jump (C11 7.13.2.1).
    kc_jpeg_sink *sink = calloc(1, sizeof *sink);
    if (!sink) return KC_ERR_OUT_OF_MEMORY;
    sink->pub.init_destination = kc_jpeg_sink_init;
    sink->pub.empty_output_buffer = kc_jpeg_sink_grow;
    sink->pub.term_destination = kc_jpeg_sink_term;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(sink->bytes);
        free(sink);
        return KC_ERR_DECODER;
    }
    jpeg_create_compress(&cinfo);
    cinfo.dest = &sink->pub;
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_RGBX;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    cinfo.optimize_coding = TRUE;
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgba + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = sink->bytes;
    *out_size = sink->capacity - sink->pub.free_in_buffer;
    free(sink);
    return KC_OK;
}
