// Ours: a minimal SFSafeSymbols (the third-party package home-assistant's widgets import) for
// scripts/swift-corpus. Only the shapes the widget files use: `SFSymbol` (a raw-valued struct, one
// static constant per symbol they name, `allSymbols`) and the `systemSymbol:` initializers.
import Foundation
import SwiftUI
import UIKit

public struct SFSymbol: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

public extension SFSymbol {
    static let applescriptFill = SFSymbol(rawValue: "applescript.fill")
    static let arrowClockwise = SFSymbol(rawValue: "arrow.clockwise")
    static let arrowClockwiseCircle = SFSymbol(rawValue: "arrow.clockwise.circle")
    static let arrowDown = SFSymbol(rawValue: "arrow.down")
    static let arrowUp = SFSymbol(rawValue: "arrow.up")
    static let blindsVerticalClosed = SFSymbol(rawValue: "blinds.vertical.closed")
    static let blindsVerticalOpen = SFSymbol(rawValue: "blinds.vertical.open")
    static let bolt = SFSymbol(rawValue: "bolt")
    static let boltFill = SFSymbol(rawValue: "bolt.fill")
    static let calendar = SFSymbol(rawValue: "calendar")
    static let checklistChecked = SFSymbol(rawValue: "checklist.checked")
    static let checkmark = SFSymbol(rawValue: "checkmark")
    static let chevronDown = SFSymbol(rawValue: "chevron.down")
    static let chevronUp = SFSymbol(rawValue: "chevron.up")
    static let circle = SFSymbol(rawValue: "circle")
    static let circleCircle = SFSymbol(rawValue: "circle.circle")
    static let clockArrowCirclepath = SFSymbol(rawValue: "clock.arrow.circlepath")
    static let curtainsClosed = SFSymbol(rawValue: "curtains.closed")
    static let curtainsOpen = SFSymbol(rawValue: "curtains.open")
    static let fan = SFSymbol(rawValue: "fan")
    static let fanFill = SFSymbol(rawValue: "fan.fill")
    static let flowchart = SFSymbol(rawValue: "flowchart")
    static let houseFill = SFSymbol(rawValue: "house.fill")
    static let infoCircle = SFSymbol(rawValue: "info.circle")
    static let lightbulb = SFSymbol(rawValue: "lightbulb")
    static let lightbulbFill = SFSymbol(rawValue: "lightbulb.fill")
    static let lightswitchOffFill = SFSymbol(rawValue: "lightswitch.off.fill")
    static let lightswitchOnFill = SFSymbol(rawValue: "lightswitch.on.fill")
    static let moonStarsCircleFill = SFSymbol(rawValue: "moon.stars.circle.fill")
    static let plusCircleFill = SFSymbol(rawValue: "plus.circle.fill")
    static let rectangleAndPaperclip = SFSymbol(rawValue: "rectangle.and.paperclip")
    static let squareBadgePlusFill = SFSymbol(rawValue: "square.badge.plus.fill")
    static let sunMaxFill = SFSymbol(rawValue: "sun.max.fill")
    static let video = SFSymbol(rawValue: "video")
    static let xmark = SFSymbol(rawValue: "xmark")
    static let xmarkCircleFill = SFSymbol(rawValue: "xmark.circle.fill")
    static var allSymbols: Set<SFSymbol> { [.applescriptFill, .arrowClockwise, .arrowClockwiseCircle, .arrowDown, .arrowUp, .blindsVerticalClosed, .blindsVerticalOpen, .bolt, .boltFill, .calendar, .checklistChecked, .checkmark, .chevronDown, .chevronUp, .circle, .circleCircle, .clockArrowCirclepath, .curtainsClosed, .curtainsOpen, .fan, .fanFill, .flowchart, .houseFill, .infoCircle, .lightbulb, .lightbulbFill, .lightswitchOffFill, .lightswitchOnFill, .moonStarsCircleFill, .plusCircleFill, .rectangleAndPaperclip, .squareBadgePlusFill, .sunMaxFill, .video, .xmark, .xmarkCircleFill] }
}

public extension Image {
    init(systemSymbol: SFSymbol) { self.init(systemName: systemSymbol.rawValue) }
}

public extension Label where Title == Text, Icon == Image {
    init(_ title: String, systemSymbol: SFSymbol) { self.init(title, systemImage: systemSymbol.rawValue) }
    init(_ titleKey: LocalizedStringKey, systemSymbol: SFSymbol) { self.init(titleKey, systemImage: systemSymbol.rawValue) }
}

public extension UIImage {
    convenience init(systemSymbol: SFSymbol) { self.init(systemName: systemSymbol.rawValue)! }
}
