// UIVisualEffectView, UIBlurEffect, UIVibrancyEffect: a blurred, saturated, tinted backdrop.
//
// A blur effect view blurs and saturates what lies behind it through the compositor's backdrop
// blur (the layer's `backdropBlurRadius` and `backdropSaturation`, Kinema extensions that are
// animatable layer keys) and lays a tint view over it; `contentView` holds the subviews, on top.
// Setting `effect` inside an animation block (or a property animator) animates the radius, the
// saturation and the tint together, so a half-way animation shows a half-strength blur.
//
// Apple has published numbers for its blur only once: the iOS 7 sample "UIImageEffects" (light:
// radius 30 pt, white tint at 0.3 alpha, saturation 1.8; extra light: 20 pt, white 0.97 at 0.82,
// 1.8; dark: 20 pt, white 0.11 at 0.73, 1.8). Those three are used as published; the other
// styles are Kinema's documented choices (UNCONFIRMED: no published figures), kept in
// `BlurRecipe.recipe(for:)` only, so they can change in one place. docs/UIKIT.md lists them.

import Foundation
import KinemaSupport
import OpenQuartzCore

/// An effect a `UIVisualEffectView` applies.
open class UIVisualEffect: NSObject, NSCopying {
    public override init() {}
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// A blur of the content behind a view.
open class UIBlurEffect: UIVisualEffect {
    /// UIKit's styles, with its raw values.
    public enum Style: Int, Sendable, CaseIterable {
        /// A very light blur.
        case extraLight = 0
        /// A light blur.
        case light = 1
        /// A dark blur.
        case dark = 2
        /// A very dark blur.
        case extraDark = 3
        /// A blur that follows the interface style.
        case regular = 4
        /// A stronger blur that follows the interface style.
        case prominent = 5
        /// The ultra-thin material, following the interface style.
        case systemUltraThinMaterial = 6
        /// The thin material, following the interface style.
        case systemThinMaterial = 7
        /// The regular material, following the interface style.
        case systemMaterial = 8
        /// The thick material, following the interface style.
        case systemThickMaterial = 9
        /// The chrome material, following the interface style.
        case systemChromeMaterial = 10
        /// The ultra-thin light material.
        case systemUltraThinMaterialLight = 11
        /// The thin light material.
        case systemThinMaterialLight = 12
        /// The regular light material.
        case systemMaterialLight = 13
        /// The thick light material.
        case systemThickMaterialLight = 14
        /// The chrome light material.
        case systemChromeMaterialLight = 15
        /// The ultra-thin dark material.
        case systemUltraThinMaterialDark = 16
        /// The thin dark material.
        case systemThinMaterialDark = 17
        /// The regular dark material.
        case systemMaterialDark = 18
        /// The thick dark material.
        case systemThickMaterialDark = 19
        /// The chrome dark material.
        case systemChromeMaterialDark = 20
    }

    /// The blur's style.
    public let style: Style

    /// A blur in the given style.
    public init(style: Style) {
        self.style = style
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? UIBlurEffect)?.style == style
    }

    open override var hash: Int { style.rawValue }
}

/// Vibrancy for content over a blur. Approximated: the content draws as it is (no vibrancy
/// blending), and a vibrancy effect view applies no backdrop of its own.
open class UIVibrancyEffect: UIVisualEffect {
    /// The blur whose backdrop the vibrancy draws over.
    public let blurEffect: UIBlurEffect

    /// A vibrancy effect for content over the given blur.
    public init(blurEffect: UIBlurEffect) {
        self.blurEffect = blurEffect
    }
}

/// The numbers a blur style stands for (see the file's header).
package struct BlurRecipe: Sendable, Equatable {
    /// Blur radius in points (σ = radius / 2, as the compositor's backdrop blur).
    package var radius: CGFloat
    /// Tint: white level and alpha, drawn over the blurred backdrop.
    package var tintWhite: CGFloat
    package var tintAlpha: CGFloat
    package var saturation: CGFloat

    /// No effect: no blur, no saturation change, a clear tint.
    package static let none = BlurRecipe(radius: 0, tintWhite: 1, tintAlpha: 0, saturation: 1)

    /// The recipe of `style` — Apple's published three, and Kinema's choices for the rest.
    package static func recipe(for style: UIBlurEffect.Style) -> BlurRecipe {
        // Apple's UIImageEffects numbers.
        let light = BlurRecipe(radius: 30, tintWhite: 1, tintAlpha: 0.3, saturation: 1.8)
        let extraLight = BlurRecipe(radius: 20, tintWhite: 0.97, tintAlpha: 0.82, saturation: 1.8)
        let dark = BlurRecipe(radius: 20, tintWhite: 0.11, tintAlpha: 0.73, saturation: 1.8)
        // Kinema's choices: the materials as a ladder of radius and tint strength (ultra thin →
        // chrome), light variants tinted white, dark ones with the dark style's grey; `regular`
        // is `light`, `prominent` is `extraLight`; no dark mode here, so the adaptive materials
        // are the light ones.
        func material(_ step: Int, dark isDark: Bool) -> BlurRecipe {
            let radii: [CGFloat] = [10, 15, 20, 25, 30]
            let alphas: [CGFloat] = [0.25, 0.4, 0.55, 0.7, 0.8]
            return BlurRecipe(radius: radii[step], tintWhite: isDark ? 0.11 : 0.97, tintAlpha: alphas[step], saturation: 1.8)
        }
        switch style {
        case .light, .regular: return light
        case .extraLight, .prominent: return extraLight
        case .dark: return dark
        case .extraDark: return BlurRecipe(radius: 20, tintWhite: 0.06, tintAlpha: 0.85, saturation: 1.8)
        case .systemUltraThinMaterial, .systemUltraThinMaterialLight: return material(0, dark: false)
        case .systemThinMaterial, .systemThinMaterialLight: return material(1, dark: false)
        case .systemMaterial, .systemMaterialLight: return material(2, dark: false)
        case .systemThickMaterial, .systemThickMaterialLight: return material(3, dark: false)
        case .systemChromeMaterial, .systemChromeMaterialLight: return material(4, dark: false)
        case .systemUltraThinMaterialDark: return material(0, dark: true)
        case .systemThinMaterialDark: return material(1, dark: true)
        case .systemMaterialDark: return material(2, dark: true)
        case .systemThickMaterialDark: return material(3, dark: true)
        case .systemChromeMaterialDark: return material(4, dark: true)
        }
    }
}

/// A view that blurs (and tints) what is behind it; put subviews in `contentView`.
open class UIVisualEffectView: UIView {
    /// Holds the content, above the effect.
    public let contentView: UIView
    private let tintView: UIView

    /// The effect; nil shows no effect. Animatable: set it inside an animation block.
    open var effect: UIVisualEffect? {
        didSet { applyEffect() }
    }

    /// A view with `effect`.
    public init(effect: UIVisualEffect?) {
        contentView = UIView(frame: .zero)
        tintView = UIView(frame: .zero)
        self.effect = effect
        super.init(frame: .zero)
        configure()
    }

    /// A view without an effect (`UIVisualEffectView()` comes through here, as on iOS).
    public override init(frame: CGRect) {
        contentView = UIView(frame: .zero)
        tintView = UIView(frame: .zero)
        effect = nil
        super.init(frame: frame)
        configure()
    }

    public required init?(coder: NSCoder) {
        contentView = UIView(frame: .zero)
        tintView = UIView(frame: .zero)
        effect = nil
        super.init(coder: coder)
        configure()
    }

    private func configure() {
        for view in [tintView, contentView] {
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(view)
        }
        tintView.isUserInteractionEnabled = false
        UIView.performWithoutAnimation { applyEffect() }
    }

    /// The recipe showing now (`BlurRecipe.none` without a blur effect).
    package var recipe: BlurRecipe {
        guard let blur = effect as? UIBlurEffect else { return .none }
        return BlurRecipe.recipe(for: blur.style)
    }

    private var lastTintWhite: CGFloat = 1

    private func applyEffect() {
        let recipe = self.recipe
        if effect is UIVibrancyEffect {
            KinemaDiagnostics.emit("UIVisualEffectView", "UIVibrancyEffect is approximated: the content draws without vibrancy")
        }
        layer.setValue(recipe.radius, forKey: "backdropBlurRadius")
        layer.setValue(recipe.saturation, forKey: "backdropSaturation")
        // Without an effect the tint keeps its grey at alpha 0, so fading in or out changes
        // only the alpha (no passage through another colour).
        if recipe.tintAlpha > 0 {
            // Fading in from a clear tint of another grey (the first effect: the tint starts
            // white): take the new grey at alpha 0 first, without animation, so here too only
            // the alpha animates.
            if recipe.tintWhite != lastTintWhite, (tintView.backgroundColor?.cgColor.alpha ?? 0) == 0 {
                UIView.performWithoutAnimation {
                    tintView.backgroundColor = UIColor(white: recipe.tintWhite, alpha: 0)
                }
            }
            lastTintWhite = recipe.tintWhite
        }
        tintView.backgroundColor = UIColor(white: lastTintWhite, alpha: recipe.tintAlpha)
    }
}
