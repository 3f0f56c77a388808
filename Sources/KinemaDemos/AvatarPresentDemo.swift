// avatar-present: seed 000's custom present/dismiss transition — an avatar in a list inside a
// navigation controller flies (a stand-in image view scaling and moving) into a detail screen
// that fades in, and back on dismissal — played by scripted taps.
//
// Audited against: seed 000 "Tùy chỉnh viewcontroller transition" (CustomPresentModalAnimator:
//   duration 0.4, presenting, xScaleFactor / yScaleFactor, originFrame / initialFrame /
//   finalFrame; fromVC / toVC by UITransitionContextViewControllerKey; the navigation controller
//   as the presenting side; the avatar found by tag — 68 for the top view, AvatarImageViewTag for
//   the image — and hidden; a fake avatar UIImageView(image: UIImage(named: "image.jpeg")) with
//   scaleAspectFill, clipped, rounded by setRounded(); the frames chosen by `presenting`; one
//   UIView.animate with .curveEaseInOut scaling and moving the fake avatar and fading the
//   to-view's layer in; in the completion both avatars shown, the fake removed,
//   completeTransition(!transitionWasCancelled)); the transitioning delegate's two
//   animationController methods; UIViewControllerContextTransitioning docs.
// Edits to the article's code, all of docs/UIKIT.md "Porting iOS code"'s kind: `import UIKit` →
//   `import Kinema`; `@objc` dropped. The article shows the animator in fragments; the parts it
//   does not show are written here and marked "not shown in the article": the container, the
//   second avatar (found the same way, by tag, in the avatar screen), adding the to-view to the
//   container at opacity 0 and the fake avatar above it, the scale factors (final size over
//   initial size) and `scaleTransform`, `setRounded()`, and both screens. The picture is a
//   committed fixture (Resources/image.jpeg, drawn for Kinema).
// Status: complete. `.automatic` with a custom animator presents full screen here (docs/UIKIT.md
//   "Styles"), as the article, written before iOS 13, expects.

import Foundation
import Kinema

extension Demo {
    /// Seed 000's avatar transition, presented and dismissed by taps.
    public static let avatarPresent = Demo(
        name: "avatar-present",
        summary: "seed 000's custom present/dismiss animator: an avatar flies from a list inside a navigation controller into a detail screen and back",
        source: "seed 000 — UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate",
        size: AvatarPresentDemo.size, duration: AvatarPresentDemo.duration, fps: 30, body: AvatarPresentDemo.build)
}

// MARK: The article's code

/// The tag of both avatar image views (the article names the constant, not its value).
let AvatarImageViewTag = 6868

extension UIImageView {
    /// Makes the image view a circle (not shown in the article).
    func setRounded() {
        layer.cornerRadius = frame.width / 2
        clipsToBounds = true
    }
}

final class CustomPresentModalAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let duration = 0.4
    var presenting = true
    var xScaleFactor: CGFloat = 0.0
    var yScaleFactor: CGFloat = 0.0
    var originFrame = CGRect.zero
    var initialFrame = CGRect.zero
    var finalFrame = CGRect.zero

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromVC = transitionContext.viewController(forKey:
        UITransitionContextViewControllerKey.from) else {
            return
        }
        guard let toVC = transitionContext.viewController(forKey:
        UITransitionContextViewControllerKey.to) else {
            return
        }
        let containerView = transitionContext.containerView   // not shown in the article

        let navigationControllerFirst = presenting ? (fromVC as! UINavigationController) : (toVC as! UINavigationController)
        let customPresentModalVC = navigationControllerFirst.viewControllers.last as! CustomPresentModalViewController

        // get avatar image view
        let topView = customPresentModalVC.view.subviews.compactMap{ $0 }.filter{ $0.tag == 68 }.first!
        let avatarImageViewFirst = topView.subviews.compactMap{ $0 }.filter{ $0.tag == AvatarImageViewTag }.first!

        // hide avatar image view
        avatarImageViewFirst.layer.opacity = 0.0

        // not shown in the article: the avatar screen's avatar, hidden the same way, and the
        // to-view in the container, transparent until the animation fades it in
        let avatarViewController = presenting ? (toVC as! AvatarViewController) : (fromVC as! AvatarViewController)
        let avatarImageViewSecond = avatarViewController.view.subviews.compactMap{ $0 }.filter{ $0.tag == AvatarImageViewTag }.first!
        avatarImageViewSecond.layer.opacity = 0.0
        containerView.addSubview(toVC.view)
        toVC.view.layer.opacity = 0.0

        // make fake avatar image view for animation
        let fakeAvatarImageView = UIImageView(image: UIImage(named: "image.jpeg"))
        fakeAvatarImageView.contentMode = .scaleAspectFill
        fakeAvatarImageView.clipsToBounds = true

        // when present it will move from top to center
        // when dismiss it will move from center to top
        if presenting {
            // when present init frame will be avatar image frame in CustomPresentModalViewController
            initialFrame = originFrame

            // when present final frame will be avatar image frame in AvatarViewController
            finalFrame = avatarImageViewSecond.frame

            // set fake avatar image frame
            fakeAvatarImageView.frame = initialFrame
            fakeAvatarImageView.setRounded()
        } else {
            // when dismiss init frame will be avatar image frame in AvatarViewController
            initialFrame = avatarImageViewSecond.frame

            // when dismiss final frame will be avatar image frame in CustomPresentModalViewController
            finalFrame = originFrame

            // set fake avatar image frame
            fakeAvatarImageView.frame = initialFrame
            fakeAvatarImageView.setRounded()
        }

        // not shown in the article: the scale from the initial to the final size
        xScaleFactor = finalFrame.width / initialFrame.width
        yScaleFactor = finalFrame.height / initialFrame.height
        let scaleTransform = CGAffineTransform(scaleX: xScaleFactor, y: yScaleFactor)
        containerView.addSubview(fakeAvatarImageView)

        // make animation for transition between controllers
        UIView.animate(withDuration: transitionDuration(using: transitionContext),
                       delay: 0,
                       options: .curveEaseInOut,
                       animations: {
            fakeAvatarImageView.transform = scaleTransform
            fakeAvatarImageView.center = CGPoint(x: self.finalFrame.midX, y: self.finalFrame.midY)
            toVC.view.layer.opacity = 1.0
        }) { finished in
            // show avatar in both view controller
            avatarImageViewFirst.layer.opacity = 1.0
            avatarImageViewSecond.layer.opacity = 1.0

            // remove fake avatar image view
            fakeAvatarImageView.removeFromSuperview()

            // complete
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}

/// The list screen inside the navigation controller (not shown in the article beyond its
/// transitioning-delegate methods).
final class CustomPresentModalViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let customPresentModalAnimator = CustomPresentModalAnimator()
    let avatarImageView = UIImageView(image: UIImage(named: "image.jpeg"))

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Bài viết hôm nay"
        view.backgroundColor = .white
        let topView = UIView(frame: CGRect(x: 0, y: 0, width: view.bounds.width, height: 112))
        topView.tag = 68
        topView.backgroundColor = UIColor(red: 0.93, green: 0.95, blue: 0.98, alpha: 1)
        avatarImageView.frame = CGRect(x: 16, y: 16, width: 80, height: 80)
        avatarImageView.tag = AvatarImageViewTag
        avatarImageView.contentMode = .scaleAspectFill
        avatarImageView.setRounded()
        avatarImageView.isUserInteractionEnabled = true
        avatarImageView.addGestureRecognizer(UITapGestureRecognizer(target: self, action: CustomPresentModalViewController.showAvatar))
        topView.addSubview(avatarImageView)
        let name = UILabel(frame: CGRect(x: 112, y: 28, width: 200, height: 26))
        name.text = "Trần Đức"
        name.font = UIFont.systemFont(ofSize: 20, weight: .semibold)
        topView.addSubview(name)
        let role = UILabel(frame: CGRect(x: 112, y: 56, width: 200, height: 22))
        role.text = "Hiệu ứng chuyển động"
        role.font = UIFont.systemFont(ofSize: 15)
        role.textColor = UIColor(white: 0.4, alpha: 1)
        topView.addSubview(role)
        view.addSubview(topView)
        let rows = ["Core Animation", "UIView.animate", "CATransition", "UIViewPropertyAnimator", "UICollectionView"]
        for (index, text) in rows.enumerated() {
            let label = UILabel(frame: CGRect(x: 16, y: 128 + CGFloat(index) * 52, width: view.bounds.width - 32, height: 44))
            label.text = text
            label.font = UIFont.systemFont(ofSize: 17)
            view.addSubview(label)
            let line = UIView(frame: CGRect(x: 16, y: 128 + CGFloat(index) * 52 + 48, width: view.bounds.width - 16, height: 1))
            line.backgroundColor = UIColor(white: 0.85, alpha: 1)
            view.addSubview(line)
        }
    }

    func showAvatar() {
        let avatarViewController = AvatarViewController()
        avatarViewController.transitioningDelegate = self
        present(avatarViewController, animated: true)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        customPresentModalAnimator.presenting = true
        customPresentModalAnimator.originFrame = avatarImageView.superview!.convert(avatarImageView.frame, to: nil)
        return customPresentModalAnimator
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        customPresentModalAnimator.presenting = false
        return customPresentModalAnimator
    }
}

/// The avatar screen: the picture large on a dark background; a tap dismisses it (not shown in
/// the article).
final class AvatarViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.08, green: 0.09, blue: 0.12, alpha: 1)
        let avatarImageView = UIImageView(image: UIImage(named: "image.jpeg"))
        avatarImageView.frame = CGRect(x: (view.bounds.width - 240) / 2, y: 140, width: 240, height: 240)
        avatarImageView.tag = AvatarImageViewTag
        avatarImageView.contentMode = .scaleAspectFill
        avatarImageView.setRounded()
        view.addSubview(avatarImageView)
        let name = UILabel(frame: CGRect(x: 20, y: 400, width: view.bounds.width - 40, height: 30))
        name.text = "Trần Đức"
        name.textAlignment = .center
        name.textColor = .white
        name.font = UIFont.systemFont(ofSize: 24, weight: .semibold)
        view.addSubview(name)
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: AvatarViewController.close))
    }

    func close() {
        dismiss(animated: true)
    }
}

// MARK: The demo

/// The numbers of the avatar-present demo.
public enum AvatarPresentDemo {
    /// An iPhone SE-sized screen, in points.
    public static let size = CGSize(width: 320, height: 568)
    /// One loop.
    public static let duration = 2.6
    /// The tap on the avatar (present) and on the avatar screen (dismiss), demo time.
    public static let presentAt = 0.4, dismissAt = 1.6

    /// Holds the navigation controller and shows its view.
    @MainActor
    final class Host: UIView {
        let list = CustomPresentModalViewController()
        lazy var navigation = UINavigationController(rootViewController: list)
    }

    @MainActor
    static func build(_ scene: DemoScene) {
        DemoImages.register()
        let host = Host(frame: scene.view.bounds)
        scene.view.addSubview(host)
        let navigation = host.navigation
        navigation.view.frame = host.bounds
        host.addSubview(navigation.view)
        let list = host.list
        scene.at(presentAt) {
            let avatar = list.avatarImageView
            scene.stage.tap(at: avatar.convert(CGPoint(x: avatar.bounds.midX, y: avatar.bounds.midY), to: nil))
        }
        scene.at(dismissAt) {
            scene.stage.tap(at: host.convert(CGPoint(x: host.bounds.midX, y: host.bounds.midY), to: nil))
        }
    }
}
