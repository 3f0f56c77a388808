// UIAction: a closure with a title, the closure form of a control's target-action.
//
// Audited against: UIAction docs — init(title:image:identifier:discoverabilityTitle:attributes:
//   state:handler:), handler, title, identifier (UIAction.Identifier, a string), sender ("the
//   object that triggered the action"), UIActionHandler; UIControl.addAction(_:for:).
// Status: title, identifier, handler, sender. No image (UIImage is the graphics work's), no
//   menus, attributes or state.

import Foundation

/// The closure an action runs.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// A closure to run when a control sends an event: `button.addAction(UIAction { _ in … },
/// for: .touchUpInside)`.
@MainActor
public final class UIAction {
    /// An action's identity (UIAction.Identifier).
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        /// The raw value (UIKit's).
        public let rawValue: String
        /// An identifier from a string.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An identifier from a string.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The action's title (stored; menus are not drawn).
    public var title: String
    /// The action's identity; actions with the same identifier replace one another on a control.
    public let identifier: Identifier
    /// What runs.
    public let handler: UIActionHandler
    /// The control that sent the action while it runs; nil otherwise.
    public internal(set) var sender: Any?

    /// An action running `handler`; without an identifier it gets a unique one.
    public init(title: String = "", identifier: Identifier? = nil, handler: @escaping UIActionHandler) {
        self.title = title
        self.identifier = identifier ?? Identifier(rawValue: UUID().uuidString)
        self.handler = handler
    }

    /// Runs the handler with `sender` as the sender.
    func perform(from sender: Any?) {
        self.sender = sender
        handler(self)
        self.sender = nil
    }
}
