// ImagePattern: a Pixmap painted through a projective transform, sampled nearest or bilinear.

/// How an image is read between and beyond its pixels.
public enum ImageSampling: Hashable, Sendable {
    /// The pixel whose square contains the point.
    case nearest
    /// Bilinear interpolation of the four pixels whose centres surround the point.
    case bilinear
}

/// What an image shows outside its own rectangle.
public enum ImageTiling: Hashable, Sendable {
    /// Transparent: the image appears once (drawing an image).
    case decal
    /// The edge pixels continue outward.
    case clamp
    /// The image repeats in both directions (a pattern).
    case repeating
}

/// An image as a paint: `transform` maps image coordinates (pixel `(i, j)` covers
/// `[i, i+1) × [j, j+1)`) to device pixels; each device pixel's centre is mapped back through the
/// inverse and the image sampled there, premultiplied.
///
/// ```swift
/// let pattern = ImagePattern(image: tile, transform: ProjectiveTransform(a: 2, b: 0, c: 0, d: 2, tx: 8, ty: 8),
///                            sampling: .bilinear, tiling: .repeating)
/// pixmap.fill(path, paint: .image(pattern))
/// ```
/// A singular transform paints nothing (reported through `KinemaDiagnostics` at the fill), and
/// so does any pixel whose centre maps behind the viewer (`w ≤ 0`). Cost per pixel: one
/// projective division and one (nearest) or four (bilinear) reads.
public struct ImagePattern: Hashable, Sendable {
    public var image: Pixmap
    public var transform: ProjectiveTransform
    public var sampling: ImageSampling
    public var tiling: ImageTiling

    public init(image: Pixmap, transform: ProjectiveTransform = .identity, sampling: ImageSampling = .bilinear,
                tiling: ImageTiling = .decal) {
        self.image = image
        self.transform = transform
        self.sampling = sampling
        self.tiling = tiling
    }
}

/// What a fill paints with.
public enum Paint: Hashable, Sendable {
    case solid(PaintColor)
    case linearGradient(LinearGradient)
    case radialGradient(RadialGradient)
    case conicGradient(ConicGradient)
    case image(ImagePattern)
}
