// The X11 window behind `kinema play`: libX11 loaded with dlopen, entry points found with dlsym.
//
// Why at run time: the core must build and test on machines without any windowing library, and
// `kinema play` on such a machine must say what is missing instead of failing to start. The Xlib
// types below are Kinema's own declarations of the parts of the Xlib ABI this file touches
// (field order and types as Xlib.h / Xutil.h define them; LP64 and ILP32 alike, since only C
// types are used). Everything else stays opaque (Display, Visual, GC are pointers).
//
// Pixel formats: frames are converted to the ZPixmap format of the server's default visual,
// which must be TrueColor with 32 bits per pixel (depth 24 or 32: every X server on a desktop,
// and Xvfb with `-screen 0 WxHx24`); the channel positions come from the visual's masks and the
// byte order from the image, so both little- and big-endian servers work.
#include "CKinemaX11.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// MARK: Xlib ABI (declared here; no X headers at build time)

typedef unsigned long kx_xid;     // Window, Drawable, Atom, KeySym, …
typedef void kx_display;
typedef void kx_visual;
typedef void *kx_gc;

typedef struct kx_image {
    int width, height;
    int xoffset;
    int format;
    char *data;
    int byte_order;
    int bitmap_unit;
    int bitmap_bit_order;
    int bitmap_pad;
    int depth;
    int bytes_per_line;
    int bits_per_pixel;
    unsigned long red_mask;
    unsigned long green_mask;
    unsigned long blue_mask;
    char *obdata;
    struct {
        void *create_image;
        int (*destroy_image)(struct kx_image *);
        void *get_pixel, *put_pixel, *sub_image, *add_pixel;
    } f;
} kx_image;

typedef struct kx_error_event {
    int type;
    kx_display *display;
    kx_xid resourceid;
    unsigned long serial;
    unsigned char error_code;
    unsigned char request_code;
    unsigned char minor_code;
} kx_error_event;

typedef struct kx_client_message {
    int type;
    unsigned long serial;
    int send_event;
    kx_display *display;
    kx_xid window;
    kx_xid message_type;
    int format;
    long l[5];
} kx_client_message;

/// XEvent: a union padded to 24 longs; only the type and a client message's first long are read.
typedef union kx_event {
    int type;
    kx_client_message client;
    long pad[24];
} kx_event;

typedef struct kx_size_hints {
    long flags;
    int x, y, width, height;
    int min_width, min_height, max_width, max_height;
    int width_inc, height_inc;
    struct { int x, y; } min_aspect, max_aspect;
    int base_width, base_height;
    int win_gravity;
} kx_size_hints;

enum {
    KX_ZPIXMAP = 2,
    KX_LSB_FIRST = 0,
    KX_TRUE_COLOR = 4,
    KX_KEY_PRESS = 2,
    KX_DESTROY_NOTIFY = 17,
    KX_MAP_NOTIFY = 19,
    KX_CLIENT_MESSAGE = 33,
    KX_KEY_PRESS_MASK = 1L << 0,
    KX_EXPOSURE_MASK = 1L << 15,
    KX_STRUCTURE_NOTIFY_MASK = 1L << 17,
    KX_P_MIN_SIZE = 1L << 4,
    KX_P_MAX_SIZE = 1L << 5,
    KX_KEYSYM_ESCAPE = 0xff1b,
    KX_KEYSYM_Q = 0x71,
};

/// XVisualInfo, to check the default visual's class and masks.
typedef struct kx_visual_info {
    kx_visual *visual;
    kx_xid visualid;
    int screen;
    int depth;
    int class_;
    unsigned long red_mask, green_mask, blue_mask;
    int colormap_size;
    int bits_per_rgb;
} kx_visual_info;

// MARK: The library, loaded once

static struct {
    void *handle;
    char failure[256];
    kx_display *(*OpenDisplay)(const char *);
    int (*CloseDisplay)(kx_display *);
    int (*DefaultScreen)(kx_display *);
    kx_xid (*RootWindow)(kx_display *, int);
    kx_visual *(*DefaultVisual)(kx_display *, int);
    int (*DefaultDepth)(kx_display *, int);
    kx_gc (*DefaultGC)(kx_display *, int);
    unsigned long (*BlackPixel)(kx_display *, int);
    kx_xid (*CreateSimpleWindow)(kx_display *, kx_xid, int, int, unsigned, unsigned, unsigned,
                                 unsigned long, unsigned long);
    int (*DestroyWindow)(kx_display *, kx_xid);
    int (*StoreName)(kx_display *, kx_xid, const char *);
    int (*SelectInput)(kx_display *, kx_xid, long);
    kx_xid (*InternAtom)(kx_display *, const char *, int);
    int (*SetWMProtocols)(kx_display *, kx_xid, kx_xid *, int);
    void (*SetWMNormalHints)(kx_display *, kx_xid, kx_size_hints *);
    int (*MapWindow)(kx_display *, kx_xid);
    kx_image *(*CreateImage)(kx_display *, kx_visual *, unsigned, int, int, char *, unsigned, unsigned, int, int);
    int (*PutImage)(kx_display *, kx_xid, kx_gc, kx_image *, int, int, int, int, unsigned, unsigned);
    kx_image *(*GetImage)(kx_display *, kx_xid, int, int, unsigned, unsigned, unsigned long, int);
    int (*Pending)(kx_display *);
    int (*NextEvent)(kx_display *, kx_event *);
    kx_xid (*LookupKeysym)(void *, int);
    int (*Sync)(kx_display *, int);
    int (*Flush)(kx_display *);
    int (*Free)(void *);
    kx_visual_info *(*GetVisualInfo)(kx_display *, long, kx_visual_info *, int *);
    kx_xid (*VisualIDFromVisual)(kx_visual *);
    void *(*SetErrorHandler)(int (*)(kx_display *, kx_error_event *));
} kx;

static pthread_once_t kx_once = PTHREAD_ONCE_INIT;

/// The last protocol error the server reported (0: none); read and reset by the window's thread.
static volatile int kx_last_error = 0;

/// Replaces Xlib's default handler, which prints and exits: an error fails the current call.
static int kx_record_error(kx_display *display, kx_error_event *event) {
    (void)display;
    kx_last_error = event ? event->error_code : 1;
    return 0;
}

#define KX_LOAD(name)                                                                   \
    do {                                                                                \
        *(void **)(&kx.name) = dlsym(kx.handle, "X" #name);                             \
        if (!kx.name) {                                                                 \
            snprintf(kx.failure, sizeof kx.failure, "libX11.so.6 has no X" #name);      \
            dlclose(kx.handle);                                                         \
            kx.handle = NULL;                                                           \
            return;                                                                     \
        }                                                                               \
    } while (0)

static void kx_load(void) {
    kx.handle = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL);
    if (!kx.handle) {
        snprintf(kx.failure, sizeof kx.failure,
                 "libX11.so.6 not found (install it: apt-get install libx11-6)");
        return;
    }
    KX_LOAD(OpenDisplay); KX_LOAD(CloseDisplay); KX_LOAD(DefaultScreen); KX_LOAD(RootWindow);
    KX_LOAD(DefaultVisual); KX_LOAD(DefaultDepth); KX_LOAD(DefaultGC); KX_LOAD(BlackPixel);
    KX_LOAD(CreateSimpleWindow); KX_LOAD(DestroyWindow); KX_LOAD(StoreName); KX_LOAD(SelectInput);
    KX_LOAD(InternAtom); KX_LOAD(SetWMProtocols); KX_LOAD(SetWMNormalHints); KX_LOAD(MapWindow);
    KX_LOAD(CreateImage); KX_LOAD(PutImage); KX_LOAD(GetImage); KX_LOAD(Pending); KX_LOAD(NextEvent);
    KX_LOAD(LookupKeysym); KX_LOAD(Sync); KX_LOAD(Flush); KX_LOAD(Free); KX_LOAD(GetVisualInfo);
    KX_LOAD(VisualIDFromVisual); KX_LOAD(SetErrorHandler);
    kx.SetErrorHandler(kx_record_error);
}

static void kx_fail(char *error, size_t capacity, const char *format, ...) {
    if (!error || capacity == 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error, capacity, format, arguments);
    va_end(arguments);
}

// MARK: The window

struct kinema_x_window {
    kx_display *display;
    kx_xid window;
    kx_gc gc;
    kx_xid delete_atom;
    kx_image *image;          // ZPixmap, width × height, its data malloc'd here (freed by Xlib)
    int width, height;
    int red_shift, green_shift, blue_shift;   // bit positions of 8-bit channels in a pixel
};

/// The bit position of an 8-bit channel mask, or -1 if `mask` is not 8 contiguous bits.
static int kx_shift_of(unsigned long mask) {
    for (int shift = 0; shift <= 24; shift += 8) {
        if (mask == (0xFFUL << shift)) return shift;
    }
    return -1;
}

static void kx_sleep_ms(long milliseconds) {
    struct timespec pause = {milliseconds / 1000, (milliseconds % 1000) * 1000000L};
    nanosleep(&pause, NULL);
}

kinema_x_window *kinema_x_open(const char *title, int width, int height, char *error, size_t error_capacity) {
    pthread_once(&kx_once, kx_load);
    if (!kx.handle) {
        kx_fail(error, error_capacity, "%s", kx.failure);
        return NULL;
    }
    if (width < 1 || height < 1 || width > 16384 || height > 16384) {
        kx_fail(error, error_capacity, "window size %d × %d is outside 1 … 16384 pixels", width, height);
        return NULL;
    }
    const char *name = getenv("DISPLAY");
    if (!name || !*name) {
        kx_fail(error, error_capacity,
                "no display: DISPLAY is not set (run under a desktop session, or headless with "
                "xvfb-run -a -s '-screen 0 1280x1024x24' kinema play …)");
        return NULL;
    }
    kx_display *display = kx.OpenDisplay(name);
    if (!display) {
        kx_fail(error, error_capacity, "cannot open display \"%s\" (is the X server running, and may this user connect?)", name);
        return NULL;
    }
    int screen = kx.DefaultScreen(display);
    kx_visual *visual = kx.DefaultVisual(display, screen);
    int depth = kx.DefaultDepth(display, screen);
    kx_visual_info wanted;
    memset(&wanted, 0, sizeof wanted);
    wanted.visualid = kx.VisualIDFromVisual(visual);
    int count = 0;
    kx_visual_info *info = kx.GetVisualInfo(display, 1L /* VisualIDMask */, &wanted, &count);
    int usable = info && count > 0 && info->class_ == KX_TRUE_COLOR && (depth == 24 || depth == 32) &&
                 kx_shift_of(info->red_mask) >= 0 && kx_shift_of(info->green_mask) >= 0 &&
                 kx_shift_of(info->blue_mask) >= 0;
    if (info) kx.Free(info);
    if (!usable) {
        kx_fail(error, error_capacity,
                "display \"%s\" has a depth-%d default visual that is not 8-bit-per-channel TrueColor; "
                "Kinema needs depth 24 (with Xvfb: -screen 0 1280x1024x24)", name, depth);
        kx.CloseDisplay(display);
        return NULL;
    }
    kinema_x_window *w = calloc(1, sizeof *w);
    if (!w) {
        kx_fail(error, error_capacity, "out of memory");
        kx.CloseDisplay(display);
        return NULL;
    }
    w->display = display;
    w->width = width;
    w->height = height;
    w->gc = kx.DefaultGC(display, screen);
    w->window = kx.CreateSimpleWindow(display, kx.RootWindow(display, screen), 0, 0, (unsigned)width,
                                      (unsigned)height, 0, kx.BlackPixel(display, screen),
                                      kx.BlackPixel(display, screen));
    kx.StoreName(display, w->window, title ? title : "kinema");
    kx.SelectInput(display, w->window, KX_KEY_PRESS_MASK | KX_EXPOSURE_MASK | KX_STRUCTURE_NOTIFY_MASK);
    w->delete_atom = kx.InternAtom(display, "WM_DELETE_WINDOW", 0);
    kx.SetWMProtocols(display, w->window, &w->delete_atom, 1);
    kx_size_hints hints;
    memset(&hints, 0, sizeof hints);
    hints.flags = KX_P_MIN_SIZE | KX_P_MAX_SIZE;
    hints.min_width = hints.max_width = width;
    hints.min_height = hints.max_height = height;
    kx.SetWMNormalHints(display, w->window, &hints);

    char *data = malloc((size_t)width * (size_t)height * 4);
    if (data) {
        w->image = kx.CreateImage(display, visual, (unsigned)depth, KX_ZPIXMAP, 0, data, (unsigned)width,
                                  (unsigned)height, 32, 0);
    }
    if (!w->image || w->image->bits_per_pixel != 32) {
        kx_fail(error, error_capacity, "the server's %d-bit pixels are not supported (32 bits per pixel needed)",
                w->image ? w->image->bits_per_pixel : 0);
        if (w->image) w->image->f.destroy_image(w->image); else free(data);
        w->image = NULL;
        kinema_x_close(w);
        return NULL;
    }
    w->red_shift = kx_shift_of(w->image->red_mask);
    w->green_shift = kx_shift_of(w->image->green_mask);
    w->blue_shift = kx_shift_of(w->image->blue_mask);
    if (w->red_shift < 0 || w->green_shift < 0 || w->blue_shift < 0) {
        kx_fail(error, error_capacity, "the server's channel masks are not 8 bits each");
        kinema_x_close(w);
        return NULL;
    }

    kx.MapWindow(display, w->window);
    kx.Flush(display);
    // Wait for MapNotify (immediate without a window manager; a compositor may take a moment).
    for (int waited = 0; waited < 3000; waited += 2) {
        int mapped = 0;
        while (kx.Pending(display)) {
            kx_event event;
            kx.NextEvent(display, &event);
            if (event.type == KX_MAP_NOTIFY) mapped = 1;
        }
        if (mapped) break;
        kx_sleep_ms(2);
    }
    kx_last_error = 0;
    return w;
}

int kinema_x_present(kinema_x_window *w, const uint32_t *pixels, int width, int height,
                     char *error, size_t error_capacity) {
    if (!w || !pixels || width != w->width || height != w->height) {
        kx_fail(error, error_capacity, "frame %d × %d does not match the window", width, height);
        return -1;
    }
    kx_image *image = w->image;
    const int msb = image->byte_order != KX_LSB_FIRST;
    const size_t stride = (size_t)image->bytes_per_line;
    for (int y = 0; y < height; y++) {
        const uint32_t *source = pixels + (size_t)y * (size_t)width;
        unsigned char *row = (unsigned char *)image->data + (size_t)y * stride;
        for (int x = 0; x < width; x++) {
            uint32_t rgba = source[x];
            uint32_t value = ((rgba & 0xFFu) << w->red_shift) | (((rgba >> 8) & 0xFFu) << w->green_shift) |
                             (((rgba >> 16) & 0xFFu) << w->blue_shift);
            unsigned char *out = row + (size_t)x * 4;
            if (msb) {
                out[0] = (unsigned char)(value >> 24); out[1] = (unsigned char)(value >> 16);
                out[2] = (unsigned char)(value >> 8); out[3] = (unsigned char)value;
            } else {
                out[0] = (unsigned char)value; out[1] = (unsigned char)(value >> 8);
                out[2] = (unsigned char)(value >> 16); out[3] = (unsigned char)(value >> 24);
            }
        }
    }
    kx.PutImage(w->display, w->window, w->gc, image, 0, 0, 0, 0, (unsigned)width, (unsigned)height);
    kx.Flush(w->display);
    if (kx_last_error) {
        kx_fail(error, error_capacity, "the X server refused the frame (error code %d)", kx_last_error);
        kx_last_error = 0;
        return -1;
    }
    return 0;
}

int kinema_x_poll(kinema_x_window *w) {
    if (!w) return KINEMA_X_CLOSED;
    int seen = 0;
    while (kx.Pending(w->display)) {
        kx_event event;
        kx.NextEvent(w->display, &event);
        switch (event.type) {
        case KX_CLIENT_MESSAGE:
            if ((kx_xid)event.client.l[0] == w->delete_atom) seen |= KINEMA_X_CLOSED;
            break;
        case KX_DESTROY_NOTIFY:
            seen |= KINEMA_X_CLOSED;
            break;
        case KX_KEY_PRESS: {
            kx_xid keysym = kx.LookupKeysym(&event, 0);
            if (keysym == KX_KEYSYM_ESCAPE || keysym == KX_KEYSYM_Q) seen |= KINEMA_X_QUIT_KEY;
            break;
        }
        default:
            break;
        }
    }
    return seen;
}

int kinema_x_capture(kinema_x_window *w, uint8_t *rgba, int width, int height, char *error, size_t error_capacity) {
    if (!w || !rgba || width != w->width || height != w->height) {
        kx_fail(error, error_capacity, "capture size %d × %d does not match the window", width, height);
        return -1;
    }
    kx.Sync(w->display, 0);
    kx_last_error = 0;
    kx_image *image = kx.GetImage(w->display, w->window, 0, 0, (unsigned)width, (unsigned)height, ~0UL, KX_ZPIXMAP);
    kx.Sync(w->display, 0);
    if (!image || kx_last_error) {
        kx_fail(error, error_capacity, "XGetImage failed (error code %d; is the window on screen?)", kx_last_error);
        kx_last_error = 0;
        if (image) image->f.destroy_image(image);
        return -1;
    }
    int rs = kx_shift_of(image->red_mask), gs = kx_shift_of(image->green_mask), bs = kx_shift_of(image->blue_mask);
    if (image->bits_per_pixel != 32 || rs < 0 || gs < 0 || bs < 0) {
        kx_fail(error, error_capacity, "XGetImage gave %d-bit pixels with unsupported masks", image->bits_per_pixel);
        image->f.destroy_image(image);
        return -1;
    }
    const int msb = image->byte_order != KX_LSB_FIRST;
    for (int y = 0; y < height; y++) {
        const unsigned char *row = (const unsigned char *)image->data + (size_t)y * (size_t)image->bytes_per_line;
        uint8_t *out = rgba + (size_t)y * (size_t)width * 4;
        for (int x = 0; x < width; x++) {
            const unsigned char *p = row + (size_t)x * 4;
            uint32_t value = msb ? ((uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3])
                                 : ((uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0]);
            out[4 * x + 0] = (uint8_t)(value >> rs);
            out[4 * x + 1] = (uint8_t)(value >> gs);
            out[4 * x + 2] = (uint8_t)(value >> bs);
            out[4 * x + 3] = 255;
        }
    }
    image->f.destroy_image(image);
    return 0;
}

void kinema_x_close(kinema_x_window *w) {
    if (!w) return;
    if (w->image) w->image->f.destroy_image(w->image);
    if (w->display) {
        if (w->window) kx.DestroyWindow(w->display, w->window);
        kx.CloseDisplay(w->display);
    }
    free(w);
}
