// UIVisualEffectView's blur: the backdrop blurred, saturated and tinted by the style's recipe
// (Apple's UIImageEffects numbers for light / extraLight / dark), and `effect` animating.

import Foundation
import Kinema
@testable import OpenUIKit
import KinemaTestSupport
import Testing

@Suite("UIVisualEffectView")
@MainActor
struct UIVisualEffectViewTests {
    /// A stage with a backdrop view of `color` and an effect view over its middle.
    private func scene(_ color: UIColor, effect: UIVisualEffect?) -> (Stage, UIVisualEffectView) {
        let stage = Stage(size: CGSize(width: 120, height: 120), scale: 1, threads: 1)
        let backdrop = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 120))
        backdrop.backgroundColor = color
        let effectView = UIVisualEffectView(effect: effect)
        effectView.frame = CGRect(x: 20, y: 20, width: 80, height: 80)
        stage.withClock {
            stage.window.addSubview(backdrop)
            stage.window.addSubview(effectView)
            stage.turn(to: 0)
        }
        return (stage, effectView)
    }

    @Test("light: a flat backdrop saturated by 1.8 (Rec. 709 luma), then a white tint at 0.3 alpha")
    func lightRecipeOnAFlatColour() throws {
        // (153, 102, 102): luma 112.84; saturated r = 112.84 + 40.16 × 1.8 = 185.1, g = b = 93.3;
        // tinted: × 0.7 + 255 × 0.3 → (206.1, 141.8, 141.8). A flat backdrop blurs to itself.
        let (stage, _) = scene(UIColor(red: 153 / 255, green: 102 / 255, blue: 102 / 255, alpha: 1), effect: UIBlurEffect(style: .light))
        let frame = stage.step(to: 0)
        let inside = try #require(frame.pixel(x: 60, y: 60))
        #expect(abs(Int(inside.red) - 206) <= 1 && abs(Int(inside.green) - 142) <= 1 && abs(Int(inside.blue) - 142) <= 1, "\(inside)")
        let outside = try #require(frame.pixel(x: 5, y: 5))
        #expect(outside.red == 153 && outside.green == 102)
    }

    @Test("the blur averages a fine pattern to its mean before the tint")
    func blurAveragesStripes() throws {
        let stage = Stage(size: CGSize(width: 120, height: 120), scale: 1, threads: 1)
        let effectView = UIVisualEffectView(effect: UIBlurEffect(style: .dark))
        effectView.frame = CGRect(x: 20, y: 20, width: 80, height: 80)
        stage.withClock {
            for x in stride(from: 0, to: 120, by: 2) {
                let stripe = UIView(frame: CGRect(x: CGFloat(x), y: 0, width: 1, height: 120))
                stripe.backgroundColor = .white
                stage.window.addSubview(stripe)
            }
            stage.window.backgroundColor = .black
            stage.window.addSubview(effectView)
            stage.turn(to: 0)
        }
        let frame = stage.step(to: 0)
        // Grey 127.5 (σ = 10 px smooths a 2 px period fully; saturation leaves grey alone), then the
        // dark tint: white 0.11 at 0.73 → 127.5 × 0.27 + 28.05 × 0.73 = 54.9.
        for x in [50, 51, 60, 61] {
            let pixel = try #require(frame.pixel(x: x, y: 60))
            #expect(abs(Int(pixel.red) - 55) <= 2 && pixel.red == pixel.green && pixel.green == pixel.blue, "\(x): \(pixel)")
        }
    }

    @Test("effect set in an animation block: radius, saturation and tint interpolate together")
    func effectAnimates() throws {
        let (stage, effectView) = scene(.red, effect: nil)
        #expect(effectView.layer.value(forKey: "backdropBlurRadius") as? CGFloat == 0)
        stage.withClock {
            stage.at(0.1) {
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                    effectView.effect = UIBlurEffect(style: .light)
                })
            }
            stage.turn(to: 0.1)
            stage.turn(to: 0.6)
        }
        let shown = try #require(effectView.layer.presentation())
        let radius = try #require(shown.value(forKey: "backdropBlurRadius") as? CGFloat)
        let saturation = try #require(shown.value(forKey: "backdropSaturation") as? CGFloat)
        #expect(abs(radius - 15) < 1e-6, "half of 30 pt half-way")
        #expect(abs(saturation - 1.4) < 1e-6, "half-way from 1 to 1.8")
        #expect(effectView.layer.value(forKey: "backdropBlurRadius") as? CGFloat == 30, "the model holds the end value")
        let tint = try #require(effectView.contentView.superview?.subviews.first)
        let tintAlpha = try #require((tint.layer.presentation() ?? tint.layer).backgroundColor?.alpha)
        #expect(abs(tintAlpha - 0.15) < 1e-6)
    }

    @Test("a picture behind each of the three published styles (kept for looking at)")
    func picture() throws {
        let stage = Stage(size: CGSize(width: 300, height: 120), scale: 1, threads: 1)
        stage.withClock {
            let colors: [UIColor] = [.red, .systemBlue, .green, .orange, .purple, .yellow]
            for k in 0 ..< 12 {
                let dot = UIView(frame: CGRect(x: CGFloat(k * 25), y: CGFloat((k % 3) * 30 + 10), width: 40, height: 40))
                dot.backgroundColor = colors[k % colors.count]
                dot.layer.cornerRadius = 20
                stage.window.addSubview(dot)
            }
            for (k, style) in [UIBlurEffect.Style.light, .extraLight, .dark].enumerated() {
                let effectView = UIVisualEffectView(effect: UIBlurEffect(style: style))
                effectView.frame = CGRect(x: CGFloat(10 + k * 100), y: 30, width: 80, height: 60)
                effectView.layer.cornerRadius = 12
                stage.window.addSubview(effectView)
            }
            stage.turn(to: 0)
        }
        let frame = stage.step(to: 0)
        TestEnvironment.keep(try frame.pngData(), as: "blur-styles.png", in: "UIVisualEffectViewTests")
        // The dark panel is darker than the light one at the same backdrop row.
        let light = try #require(frame.pixel(x: 50, y: 60)), dark = try #require(frame.pixel(x: 250, y: 60))
        #expect(Int(light.red) + Int(light.green) + Int(light.blue) > Int(dark.red) + Int(dark.green) + Int(dark.blue))
    }

    @Test("recipes: Apple's three as published, every style defined, none without an effect")
    func recipes() {
        #expect(BlurRecipe.recipe(for: .light) == BlurRecipe(radius: 30, tintWhite: 1, tintAlpha: 0.3, saturation: 1.8))
        #expect(BlurRecipe.recipe(for: .extraLight) == BlurRecipe(radius: 20, tintWhite: 0.97, tintAlpha: 0.82, saturation: 1.8))
        #expect(BlurRecipe.recipe(for: .dark) == BlurRecipe(radius: 20, tintWhite: 0.11, tintAlpha: 0.73, saturation: 1.8))
        for style in UIBlurEffect.Style.allCases {
            let recipe = BlurRecipe.recipe(for: style)
            #expect(recipe.radius > 0 && recipe.tintAlpha > 0 && recipe.saturation > 1)
        }
        #expect(UIVisualEffectView(effect: nil).recipe == .none)
        // The seed's `UIVisualEffectView()`: no effect, then one set later.
        let plain = UIVisualEffectView()
        #expect(plain.effect == nil && plain.recipe == .none)
        plain.effect = UIBlurEffect(style: .dark)
        #expect(plain.layer.value(forKey: "backdropBlurRadius") as? CGFloat == 20)
        #expect(UIBlurEffect.Style.systemChromeMaterialDark.rawValue == 20)
    }
}
