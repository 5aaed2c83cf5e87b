// Ours: a stand-in for Apple's `SwiftUICore` module name, compiled into HADesignSystem for
// scripts/swift-corpus. Its DesignSystem.swift types its tokens `SwiftUICore.Font` and
// `SwiftUICore.Animation` (since iOS 18 SwiftUI re-exports SwiftUICore, where those types live);
// our SwiftUI has no SwiftUICore module (nor `Animation`) yet, so this namespace lets the real file compile. Remove
// when the modules provide `SwiftUICore`.
import SwiftUI

public enum SwiftUICore {
    public typealias Font = SwiftUI.Font
    /// Our SwiftUI has no `Animation` yet (widgets do not animate; DesignSystem.swift declares
    /// animation tokens): a value with the one constructor the file calls.
    public struct Animation: Sendable {
        public static func easeInOut(duration: Double) -> Animation { Animation() }
    }
    public typealias Color = SwiftUI.Color
}
