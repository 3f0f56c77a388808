// KinemaImageIO: image codecs on Pixmap. Sources arrive with the pixels issue.
import KinemaRaster
