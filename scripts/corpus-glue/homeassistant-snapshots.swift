// Ours: what home-assistant's widget snapshot tests (Tests/Widgets/*Snapshot.test.swift in its
// repository) call from swift-snapshot-testing and its own SharedTesting, for scripts/ha-calibrate.
// The tests themselves are compiled as they are written (the harness drops their `@Test` attributes
// and the imports of Testing, SnapshotTesting, SharedTesting and the app module), so the views and
// the data they are fed are the app's own; these stand-ins only record each picture a test asks
// for: the view, the fixed layout's size, the appearance and the reference file's name, named as
// swift-snapshot-testing names them (`<test function>.<name>.png` in `__Snapshots__/<test file>/`).
import Foundation
import SwiftUI

/// swift-snapshot-testing's `SwiftUISnapshotLayout`, the cases the tests use.
enum SwiftUISnapshotLayout {
    case fixed(width: CGFloat, height: CGFloat)
    case sizeThatFits
}

/// One picture a snapshot test asks for.
struct HASnapshotRequest {
    /// `__Snapshots__/<folder>/<file>`: the test file's name without `.swift`, and the picture's.
    let folder: String
    let file: String
    /// The appearance the test's traits give (`light` when the test sets none).
    let scheme: String
    let width: CGFloat, height: CGFloat
    let view: AnyView
}

/// Every picture asked for so far, in order.
nonisolated(unsafe) var haSnapshotRequests: [HASnapshotRequest] = []

/// swift-snapshot-testing's naming: the test function without its parentheses, then the name.
private func haRecord(_ view: AnyView, layout: SwiftUISnapshotLayout, scheme: String, named: String,
                      fileID: StaticString, testName: String) {
    guard case let .fixed(width, height) = layout else { return }
    let file = ("\(fileID)" as NSString).lastPathComponent
    let folder = (file as NSString).deletingPathExtension
    let test = testName.hasSuffix("()") ? String(testName.dropLast(2)) : testName
    haSnapshotRequests.append(HASnapshotRequest(folder: folder, file: "\(test).\(named).png", scheme: scheme,
                                                width: width, height: height, view: view))
}

/// SharedTesting's `assertSnapshot` (one picture, the traits' appearance: light when unset), with
/// the arguments the island test passes.
func assertSnapshot(of value: @autoclosure () throws -> some View, layout: SwiftUISnapshotLayout, named: String? = nil,
                    fileID: StaticString = #fileID, testName: String = #function) {
    guard let view = try? value() else { return }
    haRecord(AnyView(view), layout: layout, scheme: "light", named: named ?? "1", fileID: fileID, testName: testName)
}

/// SharedTesting's `assertLightDarkSnapshots`: `<name>-light`/`-dark`, or `light`/`dark`.
func assertLightDarkSnapshots(
    of value: @autoclosure () throws -> some View,
    layout: SwiftUISnapshotLayout,
    named: String? = nil,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    for scheme in ["light", "dark"] {
        guard let view = try? value() else { continue }
        let name = named.map { "\($0)-\(scheme)" } ?? scheme
        haRecord(AnyView(view), layout: layout, scheme: scheme, named: name, fileID: fileID, testName: testName)
    }
}

/// SharedTesting's extension of the app's preview configurations: each configuration in light and dark.
extension SnapshottablePreviewConfigurations {
    func assertLightDarkSnapshots(
        layout: SwiftUISnapshotLayout,
        fileID: StaticString = #fileID,
        file filePath: StaticString = #filePath,
        testName: String = #function,
        line: UInt = #line,
        column: UInt = #column
    ) {
        for configuration in configurations {
            Corpus.assertLightDarkSnapshots(of: view(configuration.item), layout: layout, named: configuration.name,
                                            fileID: fileID, testName: testName)
        }
    }
}
