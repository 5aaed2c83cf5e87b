// The `Bundle.module` SwiftPM generates for a package with resources (MastodonLocalization's
// Strings.swift reads its table through it), for building the module from its sources alone.
import Foundation
extension Bundle { static let module = Bundle.main }
