// Stubs (ours) for what Pocket Casts' widget target gets from elsewhere.
import Foundation
// Strings+Generated.swift's lookup (the app's String+Localization)
func localizedFormat(_ key: String, _ table: String) -> String { key }
// PocketCastsUtils' TimeFormatter (its DateComponentsFormatter is Foundation's on Apple; on Linux
// ours is in the UIKit/SwiftUI side, which a Foundation-only file does not see).
public class TimeFormatter {
    public static let shared = TimeFormatter()
    public func multipleUnitFormattedShortTime(time: TimeInterval) -> String {
        let minutes = Int(time / 60)
        return minutes >= 60 ? "\(minutes / 60)h \(minutes % 60)m" : "\(minutes)m"
    }
}
