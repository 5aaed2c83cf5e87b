// Empty on purpose. swift-testing declares a cross-import overlay `_Testing_UIKit` for a file that
// imports both Testing and UIKit (Testing.swiftcrossimport/UIKit.swiftoverlay); Linux ships no such
// module, so once `import SwiftUI` re-exports our UIKit, as Apple's does, every test file importing
// SwiftUI and Testing would fail to find it. This module is that overlay, with nothing in it.
