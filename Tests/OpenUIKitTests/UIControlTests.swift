// UIControl and UIButton against UIKit: the control events a touch makes, highlighting,
// target-action with method references and UIAction, and a UIButton subclass that draws.

import Foundation
import Kinema
import Testing

/// Records the control events it is sent, in order.
@MainActor
final class EventLog {
    var events: [String] = []
    var senders: [UIButton] = []
    func touchDown(_ sender: UIButton) { events.append("down"); senders.append(sender) }
    func upInside() { events.append("upInside") }
    func upOutside(_ sender: Any) { events.append("upOutside") }
    func dragExit(_ sender: UIControl) { events.append("exit") }
    func dragEnter(_ sender: UIControl) { events.append("enter") }
    func cancel() { events.append("cancel") }
    func primary() { events.append("primary") }

    func watch(_ button: UIButton) {
        button.addTarget(self, action: EventLog.touchDown, for: .touchDown)
        button.addTarget(self, action: EventLog.upInside, for: .touchUpInside)
        button.addTarget(self, action: EventLog.upOutside, for: .touchUpOutside)
        button.addTarget(self, action: EventLog.dragExit, for: .touchDragExit)
        button.addTarget(self, action: EventLog.dragEnter, for: .touchDragEnter)
        button.addTarget(self, action: EventLog.cancel, for: .touchCancel)
        button.addTarget(self, action: EventLog.primary, for: .primaryActionTriggered)
    }
}

/// The seed 000 PushButton: a UIButton subclass drawing a green oval (UIBezierPath and
/// UIColor.setFill are the graphics work's; the same drawing through the current context).
@MainActor
final class PushButton: UIButton {
    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setFillColor(UIColor.green.cgColor)
        context.fillEllipse(in: rect)
    }
}

@MainActor
func buttonStage() -> (Stage, UIButton, EventLog) {
    let stage = Stage(size: CGSize(width: 400, height: 400), scale: 1, threads: 1)
    let button = UIButton(type: .system)
    button.frame = CGRect(x: 100, y: 100, width: 100, height: 50)
    let log = EventLog()
    log.watch(button)
    stage.withClock {
        stage.window.addSubview(button)
        stage.turn(to: 0)
    }
    return (stage, button, log)
}

@Suite("UIControl and UIButton")
@MainActor
struct UIControlTests {
    @Test("State and Event raw values are UIKit's")
    func rawValues() {
        #expect(UIControl.State.normal.rawValue == 0 && UIControl.State.highlighted.rawValue == 1)
        #expect(UIControl.State.disabled.rawValue == 2 && UIControl.State.selected.rawValue == 4 && UIControl.State.focused.rawValue == 8)
        #expect(UIControl.Event.touchDown.rawValue == 1 && UIControl.Event.touchUpInside.rawValue == 64)
        #expect(UIControl.Event.touchUpOutside.rawValue == 128 && UIControl.Event.touchCancel.rawValue == 256)
        #expect(UIControl.Event.valueChanged.rawValue == 4096 && UIControl.Event.primaryActionTriggered.rawValue == 8192)
        #expect(UIControl.Event.allTouchEvents.rawValue == 0xFFF && UIControl.Event.allEvents.rawValue == 0xFFFF_FFFF)
        #expect(UIButton.ButtonType.custom.rawValue == 0 && UIButton.ButtonType.system.rawValue == 1 && UIButton.ButtonType.close.rawValue == 7)
    }

    @Test("a tap: touchDown, highlighted while down, then touchUpInside and primaryActionTriggered")
    func tapInside() {
        let (stage, button, log) = buttonStage()
        var highlightedWhileDown = false
        stage.withClock {
            stage.tap(at: CGPoint(x: 150, y: 125))
            stage.at(0.02) { highlightedWhileDown = button.isHighlighted && button.state == .highlighted }
            stage.run(until: 0.2)
        }
        #expect(log.events == ["down", "upInside", "primary"])
        #expect(log.senders.first === button)
        #expect(highlightedWhileDown)
        #expect(!button.isHighlighted && !button.isTracking)
    }

    @Test("dragging out past the 70 pt margin and lifting: touchDragExit, touchUpOutside; back in: touchDragEnter")
    func dragOutside() {
        let (stage, button, log) = buttonStage()
        var insideEvents = 0, outsideEvents = 0
        button.addAction(UIAction { _ in insideEvents += 1 }, for: .touchDragInside)
        button.addAction(UIAction { _ in outsideEvents += 1 }, for: .touchDragOutside)
        stage.withClock {
            // From the middle to 100 pt right of the right edge.
            stage.drag(from: CGPoint(x: 150, y: 125), to: CGPoint(x: 300, y: 125), duration: 0.5)
            stage.run(until: 0.7)
            #expect(log.events == ["down", "exit", "upOutside"])
            #expect(insideEvents > 0 && outsideEvents > 0)
            #expect(!button.isHighlighted)
            log.events = []
            stage.perform(TouchScript([
                .init(at: CGPoint(x: 150, y: 125)).move(to: CGPoint(x: 150, y: 300), at: 0.3)
                    .move(to: CGPoint(x: 150, y: 130), at: 0.6).lift(),
            ]))
            stage.run(until: 1.5)
        }
        #expect(log.events == ["down", "exit", "enter", "upInside", "primary"])
    }

    @Test("within the margin a lift is still inside")
    func margin() {
        let (stage, _, log) = buttonStage()
        stage.withClock {
            stage.drag(from: CGPoint(x: 150, y: 125), to: CGPoint(x: 250, y: 125), duration: 0.3)   // 50 pt out
            stage.run(until: 0.5)
        }
        #expect(log.events == ["down", "upInside", "primary"])
    }

    @Test("a disabled control takes no touches and sends nothing")
    func disabled() {
        let (stage, button, log) = buttonStage()
        button.isEnabled = false
        #expect(button.state == .disabled)
        stage.withClock {
            stage.tap(at: CGPoint(x: 150, y: 125))
            stage.run(until: 0.2)
        }
        #expect(log.events.isEmpty)
    }

    @Test("a cancelled touch sends touchCancel")
    func cancelled() {
        let (stage, _, log) = buttonStage()
        stage.withClock {
            stage.perform(TouchScript([.init(at: CGPoint(x: 150, y: 125)).hold(until: 0.1).cancel()]))
            stage.run(until: 0.2)
        }
        #expect(log.events == ["down", "cancel"])
    }

    @Test("sendActions(for:), UIAction with its sender, removeAction and removeTarget; a released target is skipped")
    func actions() {
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var senders: [Any?] = []
        let action = UIAction(title: "Go", identifier: UIAction.Identifier("go")) { action in senders.append(action.sender) }
        button.addAction(action, for: .valueChanged)
        button.sendActions(for: .valueChanged)
        #expect(senders.count == 1 && (senders.first as? UIButton) === button)
        button.removeAction(identifiedBy: UIAction.Identifier("go"), for: .valueChanged)
        button.sendActions(for: .valueChanged)
        #expect(senders.count == 1)

        var log: EventLog? = EventLog()
        if let log { button.addTarget(log, action: EventLog.upInside, for: .touchUpInside) }
        button.sendActions(for: .touchUpInside)
        #expect(log?.events == ["upInside"])
        if let log { button.removeTarget(log, action: EventLog.upInside, for: .touchUpInside) }
        button.sendActions(for: .touchUpInside)
        #expect(log?.events == ["upInside"])
        if let log { button.addTarget(log, action: EventLog.upInside, for: .touchUpInside) }
        #expect(button.allControlEvents.contains(.touchUpInside))
        log = nil
        button.sendActions(for: .touchUpInside)   // no target, no trap
        #expect(button.allTargets.isEmpty)
        #expect(!button.allControlEvents.contains(.touchUpInside))
    }

    @Test("titles per state fall back to the normal state's (stored only)")
    func titles() {
        let button = UIButton(type: .system)
        #expect(button.buttonType == .system)
        button.setTitle("Play", for: .normal)
        button.setTitle("Playing", for: .selected)
        #expect(button.title(for: .highlighted) == "Play")
        #expect(button.currentTitle == "Play")
        button.isSelected = true
        #expect(button.currentTitle == "Playing")
        #expect(UIButton(frame: .zero).buttonType == .custom)
    }

    @Test("a tap recognizer on the superview does not take a button's tap")
    func controlBeatsTap() {
        let (stage, button, log) = buttonStage()
        let taps = StateLog()
        stage.window.addGestureRecognizer(UITapGestureRecognizer(target: taps, action: StateLog.handle))
        stage.withClock {
            stage.tap(at: CGPoint(x: 150, y: 125))
            stage.run(until: 0.2)
            #expect(log.events == ["down", "upInside", "primary"])
            #expect(taps.states.isEmpty)
            stage.tap(at: CGPoint(x: 300, y: 300))   // outside the button: the tap is recognized
            stage.run(until: 0.5)
        }
        #expect(taps.states == [.ended])
        _ = button
    }

    @Test("seed 000: a UIButton subclass overriding draw(_:) draws its green oval")
    func pushButtonDraws() {
        let stage = Stage(size: CGSize(width: 200, height: 200), scale: 1, threads: 1)
        let button = PushButton(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        let frame = stage.withClock {
            stage.window.addSubview(button)
            return stage.step(to: 0)
        }
        let centre = frame.pixel(x: 100, y: 100)
        let corner = frame.pixel(x: 52, y: 52)
        #expect(centre == PremultipliedColor(red: 0, green: 255, blue: 0, alpha: 255))
        #expect(corner == PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255))   // outside the oval: the white stage
    }
}

@Suite("UIButton images")
@MainActor
struct UIButtonImageTests {
    private func image(_ side: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { _ in }
    }

    @Test("setImage(_:for:) per state with the normal state's as fallback; the image view sits centred at the image's size")
    func perStateImages() throws {
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
        let normal = image(10), highlighted = image(12)
        #expect(button.imageView == nil && button.currentImage == nil)
        button.setImage(normal, for: .normal)
        button.setImage(highlighted, for: .highlighted)
        #expect(button.image(for: .selected) === normal)
        #expect(button.currentImage === normal)
        let view = try #require(button.imageView)
        #expect(view.frame == CGRect(x: 15, y: 10, width: 10, height: 10))
        button.isHighlighted = true
        #expect(button.currentImage === highlighted && view.image === highlighted)
        #expect(view.frame == CGRect(x: 14, y: 9, width: 12, height: 12))
        button.isHighlighted = false
        #expect(view.image === normal)
    }

    @Test("a background image fills the bounds, behind the image")
    func backgroundImage() {
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
        button.setImage(image(10), for: .normal)
        button.setBackgroundImage(image(4), for: .normal)
        #expect(button.currentBackgroundImage != nil)
        #expect(button.subviews.first?.frame == button.bounds)
        #expect(button.subviews.last === button.imageView)
        button.setBackgroundImage(nil, for: .normal)
        #expect(button.currentBackgroundImage == nil)
    }
}
