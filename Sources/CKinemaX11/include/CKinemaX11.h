// A window on an X server through libX11 loaded at run time (dlopen), so Kinema has no build-time
// dependency on X: no headers, no library to link. The few Xlib types used are declared in
// kinema_x11.c from the Xlib ABI (LP64 layout) and never leave that file; Swift sees only an
// opaque window handle and plain C types.
//
// Threading: a window is used by one thread at a time (Xlib is not initialised for threads). The
// library is loaded once per process, under pthread_once.
#ifndef CKINEMA_X11_H
#define CKINEMA_X11_H

#include <stddef.h>
#include <stdint.h>

/// An open display with one mapped window and the image used to present frames.
typedef struct kinema_x_window kinema_x_window;

/// What `kinema_x_poll` saw since the last call (bit flags).
enum {
    KINEMA_X_CLOSED = 1,      ///< the window manager's close button (WM_DELETE_WINDOW) or DestroyNotify
    KINEMA_X_QUIT_KEY = 2,    ///< Escape or q was pressed
};

/// Opens the display named by $DISPLAY and maps a `width` × `height` pixel window titled `title`,
/// waiting (up to about 3 s) until it is mapped. On failure returns NULL and writes a sentence
/// saying what is missing into `error` (libX11.so.6 not found, no DISPLAY, display unreachable,
/// a visual other than 24-bit TrueColor).
kinema_x_window *kinema_x_open(const char *title, int width, int height, char *error, size_t error_capacity);

/// Draws `pixels` (premultiplied RGBA8 words as Kinema's Pixmap stores them: R in the low byte,
/// `width` × `height`, rows packed) at the window's top-left, after converting them to the
/// server's pixel format in the window's reused image, and flushes. Alpha is dropped (frames are
/// composited over an opaque background first). Returns 0, or -1 when the size is not the
/// window's or the server reported an error (message in `error`).
int kinema_x_present(kinema_x_window *window, const uint32_t *pixels, int width, int height,
                     char *error, size_t error_capacity);

/// Drains pending events; returns the KINEMA_X_* flags seen.
int kinema_x_poll(kinema_x_window *window);

/// Reads the window's content back from the server (XGetImage, after XSync) into `rgba` as
/// R, G, B, 255 bytes, `width` × `height` × 4. Returns 0, or -1 (message in `error`).
int kinema_x_capture(kinema_x_window *window, uint8_t *rgba, int width, int height,
                     char *error, size_t error_capacity);

/// Destroys the window and closes the display. NULL is allowed.
void kinema_x_close(kinema_x_window *window);

#endif
