import Foundation
import WidgetShot

/// A project (in a temporary folder, with the repository's fonts) whose `slow` layout is slow on
/// purpose while inside every limit (Limits.bindSteps included): its systemLarge view is 9 × 150 texts of 4,750 characters
/// (tens of seconds in a debug build with no deadline). Its systemSmall view is one short text, a
/// quick render. The deadline and queue tests need real work that takes long, not a sleep.
enum SlowProject {
    static let folders: ProjectFolders = {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("widgetshot-slow-\(ProcessInfo.processInfo.processIdentifier)").path
        try? FileManager.default.removeItem(atPath: root)
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
              vstack:
                - forEach: groups
                  as: group
                  content:
                    vstack:
                      - forEach: lines
                        content:
                          text: "\(String(repeating: "{{line}}", count: 50))"
                          size: 6
        previews:
          heavy:
            data:
              groups: [\(Array(repeating: "1", count: 9).joined(separator: ", "))]
              lines: [\(Array(repeating: "1", count: 150).joined(separator: ", "))]
              line: "Bibimbap and tteokbokki from Seoul Kitchen, on the way with Minsu, arriving soon. 배달 중입니다. "

        """

    static let slowPath = "/render/slow/systemLarge.png?preview=heavy"
    static let quickPath = "/render/slow/systemSmall.png?preview=heavy"
}
