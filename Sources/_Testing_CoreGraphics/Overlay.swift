// Empty on purpose: the cross-import overlay swift-testing declares for Testing + CoreGraphics
// (Testing.swiftcrossimport/CoreGraphics.swiftoverlay), which Linux does not ship; see
// Sources/_Testing_UIKit/Overlay.swift.
