import Foundation
import TestSupport
import WidgetShot

/// A project (in a scratch folder removed when the test process exits, with the repository's fonts) whose `slow` layout is slow on
/// purpose while inside every default limit: its systemLarge view at 4x is 400 half-transparent
/// gradient rectangles, each composited over the whole surface (about 20 s in a debug build with no
/// deadline; 100 of them took 5 s). Its systemSmall view is one short text, a
/// quick render. The deadline and queue tests need real work that takes long, not a sleep.
enum SlowProject {
    static let folders: ProjectFolders = {
        let root = processScratchDirectory("slow")
        try! FileManager.default.createDirectory(atPath: root + "/Layouts", withIntermediateDirectories: true)
        try! FileManager.default.createSymbolicLink(atPath: root + "/Fonts", withDestinationPath: Project.folders.fonts)
        try! Data(layout.utf8).write(to: URL(fileURLWithPath: root + "/Layouts/slow.yaml"))
        return ProjectFolders(root: root)
    }()

    static let layout = """
        name: slow
        surfaces:
          systemSmall:
            view:
              text: "quick"
          systemLarge:
            view:
              zstack:
                - forEach: xs
                  content:
                    rect:
                    fill: { linearGradient: [red, blue], start: topLeading, end: bottomTrailing }
                    opacity: 0.5
        previews:
          heavy:
            data:
              xs: [\((1...400).map(String.init).joined(separator: ", "))]

        """

    static let slowPath = "/render/slow/systemLarge.png?preview=heavy&scale=4"
    static let quickPath = "/render/slow/systemSmall.png?preview=heavy"
}
