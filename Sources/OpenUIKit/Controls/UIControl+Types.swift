// UIControl.State and UIControl.Event: what a control is, and what it tells its targets.
//
// Audited against: UIControl.State docs and raw values (normal 0, highlighted 1 << 0, disabled
//   1 << 1, selected 1 << 2, focused 1 << 3, application 0x00FF0000, reserved 0xFF000000);
//   UIControl.Event docs and raw values (touchDown 1 << 0 … touchCancel 1 << 8, valueChanged
//   1 << 12, primaryActionTriggered 1 << 13, menuActionTriggered 1 << 14, editingDidBegin 1 << 16
//   … editingDidEndOnExit 1 << 19, allTouchEvents 0x0FFF, allEditingEvents 0x000F0000,
//   applicationReserved 0x0F000000, systemReserved 0xF0000000, allEvents 0xFFFFFFFF).
// Status: complete.

import Foundation

extension UIControl {
    /// A control's state (UIControl.State; raw values as UIKit's).
    public struct State: OptionSet, Hashable, Sendable {
        /// The raw value (UIKit's).
        public let rawValue: UInt
        /// A state from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Enabled, not highlighted, not selected.
        public static let normal = State([])
        /// Touched (a finger down inside).
        public static let highlighted = State(rawValue: 1 << 0)
        /// Not enabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// Selected.
        public static let selected = State(rawValue: 1 << 2)
        /// Focused (no focus engine here; never set).
        public static let focused = State(rawValue: 1 << 3)
        /// Bits for the application's own states.
        public static let application = State(rawValue: 0x00FF_0000)
        /// Bits reserved for UIKit.
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// The events a control sends (UIControl.Event; raw values as UIKit's).
    public struct Event: OptionSet, Hashable, Sendable {
        /// The raw value (UIKit's).
        public let rawValue: UInt
        /// An event set from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A finger touched down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A repeated touch-down (tapCount > 1).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// The finger moved within the control's bounds (plus the tracking margin).
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// The finger moved outside the control's bounds (plus the margin).
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// The finger came back inside.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// The finger went outside.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// The finger lifted inside.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The finger lifted outside.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The touch was cancelled.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's primary action happened (a button: touch up inside).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// A menu action was triggered.
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// Editing began (text controls).
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// The text changed (text controls).
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended (text controls).
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Editing ended with the return key (text controls).
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Bits for the application's own events.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// Bits reserved for UIKit.
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }
}
