// UIView+Gestures: attaching gesture recognizers to views.
//
// Audited against: UIView docs — addGestureRecognizer(_:) ("a gesture recognizer … is attached
//   to one view"; adding it to another view removes it from the first), removeGestureRecognizer(_:),
//   gestureRecognizers, gestureRecognizerShouldBegin(_:) (declared in UIView.swift so views can
//   override it).
// Status: complete.

import Foundation

extension UIView {
    /// The recognizers attached to the view, in the order they were added (nil when none).
    /// Setting it replaces them.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            for recognizer in attachedGestureRecognizers { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches `gestureRecognizer` to the view (detaching it from its previous view).
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if let previous = gestureRecognizer.view {
            if previous === self { return }
            previous.removeGestureRecognizer(gestureRecognizer)
        }
        attachedGestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches `gestureRecognizer`; a gesture in progress ends without telling the targets
    /// (the recognizer is reset).
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard let index = attachedGestureRecognizers.firstIndex(where: { $0 === gestureRecognizer }) else { return }
        attachedGestureRecognizers.remove(at: index)
        gestureRecognizer.view = nil
        let environment = gestureRecognizer.environment
        environment?.detach(gestureRecognizer)
        gestureRecognizer.performReset()
        environment?.settle()
    }
}
