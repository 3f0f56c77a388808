// A program that imports only Kinema and uses what `import Kinema` promises (docs/ARCHITECTURE.md,
// "The public surface"): Apple's names — including the ones declared in engine modules and
// re-exported by name, with the members those modules add — and the listed Kinema types.
// Scripts/check-public-surface.sh type-checks it; it is never run.
import Kinema

@MainActor
func usesTheSurface() throws {
    // Core Graphics: Foundation's geometry, CGAffineTransform (KinemaGeometry) and its members.
    let turned = CGPoint(x: 1, y: 2).applying(CGAffineTransform(rotationAngle: .pi / 2))
    _ = CGRect(x: 0, y: 0, width: 4, height: 4).applying(.identity).union(CGRect(origin: turned, size: .zero))
    let path = CGMutablePath()
    path.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
    _ = path.contains(CGPoint(x: 5, y: 5), using: CGPathFillRule.evenOdd)

    // Core Animation: CATransform3D and its functions (KinemaGeometry), the shared constants
    // (KinemaRenderServer), the layer and animation classes.
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 500
    let layer = CAShapeLayer()
    layer.transform = CATransform3DRotate(perspective, .pi / 4, 0, 1, 0)
    layer.fillRule = .evenOdd
    layer.contentsGravity = .resizeAspect
    layer.maskedCorners = [.layerMinXMinYCorner]
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fillMode = .forwards
    let duration: CFTimeInterval = 0.25
    fade.duration = duration
    layer.add(fade, forKey: "fade")

    // UIKit (OpenUIKit): views, view animations, images, colours, paths, the window.
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 8, height: 8))
    view.backgroundColor = UIColor.systemBlue.withAlphaComponent(0.5)
    UIView.animate(withDuration: 0.2, delay: 0, options: [.curveEaseOut, .allowUserInteraction], animations: { view.alpha = 0 })
    UIView.transition(with: view, duration: 0.3, options: .transitionFlipFromLeft, animations: nil)
    let image = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2)).image { _ in UIBezierPath(ovalIn: .zero).fill() }
    _ = UIImageView(image: image)
    _ = IndexPath(item: 0, section: 0).item
    let animator = UIViewPropertyAnimator(duration: 0.5, timingParameters: UISpringTimingParameters(dampingRatio: 1, initialVelocity: CGVector(dx: 0, dy: 1)))
    animator.addAnimations { view.layer.cornerRadius = 4 }
    animator.addCompletion { (position: UIViewAnimatingPosition) in _ = position == .end }
    animator.fractionComplete = 0.5
    animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .easeOut), durationFactor: 0)
    let animating: any UIViewImplicitlyAnimating = animator
    _ = animating.state == UIViewAnimatingState.active

    // View controllers, transitions, navigation and scrolling (OpenUIKit).
    let navigation = UINavigationController(rootViewController: UIViewController())
    navigation.pushViewController(UIViewController(), animated: true)
    navigation.navigationBar.tintColor = .systemBlue
    navigation.topViewController?.navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)
    let detail = UIViewController()
    detail.modalPresentationStyle = .pageSheet
    detail.modalTransitionStyle = UIModalTransitionStyle.crossDissolve
    navigation.present(detail, animated: true) { _ = detail.isBeingPresented }
    let interaction = UIPercentDrivenInteractiveTransition()
    interaction.completionSpeed = 0.8
    interaction.update(0.5)
    _ = detail.transitionCoordinator?.animate(alongsideTransition: { (context: any UIViewControllerTransitionCoordinatorContext) in _ = context.isCancelled })
    let contextKey: UITransitionContextViewControllerKey = .from
    _ = (contextKey, UITransitionContextViewKey.to, UINavigationController.Operation.push)
    let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    scroll.contentSize = CGSize(width: 10, height: 100)
    scroll.decelerationRate = .fast
    scroll.setContentOffset(CGPoint(x: 0, y: 20), animated: true)

    // Collection views: layouts, cells, diffable data sources (OpenUIKit).
    let flow = UICollectionViewFlowLayout()
    flow.itemSize = CGSize(width: 40, height: 40)
    let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: flow)
    collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: collection) { view, indexPath, _ in
        view.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    var items = NSDiffableDataSourceSnapshot<Int, String>()
    items.appendSections([0])
    items.appendItems(["a", "b"])
    dataSource.apply(items, animatingDifferences: true)
    let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1 / 3), heightDimension: .fractionalHeight(1)))
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), subitems: [item])
    collection.setCollectionViewLayout(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), animated: false)
    collection.performBatchUpdates({ collection.insertItems(at: [IndexPath(item: 0, section: 0)]) }, completion: { (_: Bool) in })

    // Text (KinemaText's Apple types, re-exported by OpenUIKit; UIFont in OpenUIKit).
    let paragraph = NSMutableParagraphStyle()
    paragraph.alignment = .center
    paragraph.lineBreakMode = .byTruncatingTail
    let shadow = NSShadow()
    shadow.shadowOffset = CGSize(width: 1, height: 1)
    let font: UIFont? = UIFont(name: "HelveticaNeue-Bold", size: 17)
    let attributes: [NSAttributedString.Key: Any] = [
        .font: UIFont.systemFont(ofSize: 14, weight: .semibold), .paragraphStyle: paragraph, .shadow: shadow,
        .underlineStyle: NSUnderlineStyle.single.rawValue, .kern: 1.5,
    ]
    _ = (font, attributes, NSStringDrawingOptions.usesLineFragmentOrigin, NSStringDrawingContext())

    // Kinema's own list: the stage, the clock, pixels, recording, diagnostics.
    let clock = MediaClock.manual(at: 0)
    clock.advance(by: 1.0 / 60)
    let stage = Stage(size: CGSize(width: 32, height: 32))
    stage.rootLayer.addSublayer(layer)
    stage.window.addSubview(view)
    let frame: Pixmap = stage.step(to: 0.1)
    let color: PremultipliedColor? = frame.pixel(x: 0, y: 0)
    _ = (color, PixelRect(width: 1, height: 1))
    let options = FrameSinkOptions()
    let sink: any FrameSink = try makeFrameSink(for: URL(fileURLWithPath: "/dev/null"), format: FrameSinkFormat.gif,
                                                fps: 30, options: options)
    _ = sink
    let (_, diagnostics): (Void, [KinemaDiagnostic]) = KinemaDiagnostics.collecting { _ = CATransform3DMakeRotation(1, 0, 0, 0) }
    _ = diagnostics
}
