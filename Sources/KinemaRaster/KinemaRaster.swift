// KinemaRaster: pixels. Sources arrive with the pixels issue.
