// sheet: an iOS 13+ page sheet presented by a tap and dismissed by a tap on its Done button —
// the presenting screen shrinks back behind it with rounded corners and dims, on black.
//
// Audited against: UIViewController docs (present(_:animated:completion:), modalPresentationStyle
//   .automatic → .pageSheet "for most view controllers", dismiss(animated:completion:));
//   UIKIT_SEMANTICS §4.2 (the iOS 13–18 sheet: the presenter scaled ≈ 0.916, 12 pt corners, a 10 %
//   dim, the sheet's top at 8 % of the height, a critically damped spring).
// Status: complete. Not a seed sample: issue 16's "sheet" demo, written as iOS code is, with the
//   default presentation style.

import Foundation
import Kinema

extension Demo {
    /// A page sheet presented and dismissed by taps.
    public static let sheet = Demo(
        name: "sheet",
        summary: "an iOS 13+ page sheet: a tap presents it (the screen behind shrinks back, rounds its corners and dims), a tap on Done dismisses it",
        source: "UIKit modal presentation (.automatic → .pageSheet)",
        size: SheetDemo.size, duration: SheetDemo.duration, fps: 30, body: SheetDemo.build)
}

/// The numbers of the sheet demo.
public enum SheetDemo {
    /// An iPhone SE-sized screen, in points.
    public static let size = CGSize(width: 320, height: 568)
    /// One loop.
    public static let duration = 3.6
    /// The tap on the list's button (demo time), and the tap on the sheet's Done button.
    public static let presentAt = 0.4, dismissAt = 2.2

    /// The presenting screen: a title, a few rows and a button that presents the sheet.
    @MainActor
    final class ArticlesController: UIViewController {
        let openButton = UIButton(type: .system)

        override func loadView() {
            view = UIView(frame: CGRect(origin: .zero, size: SheetDemo.size))
            view.backgroundColor = UIColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
            let title = UILabel(frame: CGRect(x: 20, y: 36, width: 280, height: 40))
            title.text = "Bài viết hôm nay"
            title.font = UIFont.systemFont(ofSize: 28, weight: .bold)
            view.addSubview(title)
            let rows = ["Hiệu ứng chuyển động", "Core Animation", "Tùy chỉnh viewcontroller transition",
                        "UICollectionView Custom Layout", "Popover Card"]
            for (index, text) in rows.enumerated() {
                let row = UIView(frame: CGRect(x: 16, y: 96 + CGFloat(index) * 64, width: 288, height: 56))
                row.backgroundColor = .white
                row.layer.cornerRadius = 10
                let label = UILabel(frame: CGRect(x: 14, y: 0, width: 260, height: 56))
                label.text = text
                label.font = UIFont.systemFont(ofSize: 16)
                row.addSubview(label)
                view.addSubview(row)
            }
            openButton.frame = CGRect(x: 60, y: 440, width: 200, height: 48)
            openButton.setTitle("Đọc bài viết", for: .normal)
            openButton.setTitleColor(.white, for: .normal)
            openButton.backgroundColor = .systemBlue
            openButton.layer.cornerRadius = 12
            openButton.addTarget(self, action: ArticlesController.openArticle, for: .touchUpInside)
            view.addSubview(openButton)
        }

        func openArticle() {
            present(ArticleController(), animated: true)
        }
    }

    /// The sheet: a grabber, a title, text and a Done button.
    @MainActor
    final class ArticleController: UIViewController {
        let doneButton = UIButton(type: .system)

        override func loadView() {
            view = UIView(frame: CGRect(origin: .zero, size: SheetDemo.size))
            view.backgroundColor = .white
            let grabber = UIView(frame: CGRect(x: 142, y: 5, width: 36, height: 5))
            grabber.backgroundColor = UIColor(white: 0.75, alpha: 1)
            grabber.layer.cornerRadius = 2.5
            view.addSubview(grabber)
            doneButton.frame = CGRect(x: 236, y: 16, width: 70, height: 32)
            doneButton.setTitle("Xong", for: .normal)
            doneButton.setTitleColor(.systemBlue, for: .normal)
            doneButton.addTarget(self, action: ArticleController.done, for: .touchUpInside)
            view.addSubview(doneButton)
            let title = UILabel(frame: CGRect(x: 20, y: 56, width: 280, height: 34))
            title.text = "Hiệu ứng chuyển động"
            title.font = UIFont.systemFont(ofSize: 22, weight: .bold)
            view.addSubview(title)
            let body = UILabel(frame: CGRect(x: 20, y: 100, width: 280, height: 160))
            body.text = "Animation là sự thay đổi của các thuộc tính theo thời gian: vị trí, kích thước, màu sắc, độ trong suốt."
            body.numberOfLines = 0
            body.font = UIFont.systemFont(ofSize: 16)
            body.textColor = UIColor(white: 0.25, alpha: 1)
            view.addSubview(body)
        }

        func done() {
            dismiss(animated: true)
        }
    }

    /// Holds the screen's controller (controls hold their targets weakly, as in UIKit).
    @MainActor
    final class Host: UIView {
        let controller = ArticlesController()
    }

    @MainActor
    static func build(_ scene: DemoScene) {
        let host = Host(frame: scene.view.bounds)
        scene.view.addSubview(host)
        host.addSubview(host.controller.view)
        let controller = host.controller
        scene.at(presentAt) {
            let button = controller.openButton
            scene.stage.tap(at: button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil))
        }
        scene.at(dismissAt) {
            guard let sheet = controller.presentedViewController as? ArticleController else { return }
            let button = sheet.doneButton
            scene.stage.tap(at: button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil))
        }
    }
}
