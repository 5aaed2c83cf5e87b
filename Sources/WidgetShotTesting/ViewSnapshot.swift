#if canImport(WidgetShotSwiftUI)
import ActivityKit
import Foundation
import SwiftUI
import WidgetDiff
import WidgetGoldens
import WidgetKit
import WidgetModel
import WidgetShot
import WidgetShotSwiftUI
#if canImport(Testing)
import Testing
#endif

// Snapshot tests of a team's own SwiftUI on Linux: a view, a Widget for an entry its provider gives,
// every entry of a widget, a Live Activity for a content state (or a push decoded by the app's own
// ContentState) — compiled against the SwiftUI modules, drawn by the engine, compared with a
// reference beside the test as `assertWidgetSnapshot(layout:…)` does (docs/swift.md).
//
// The look is the CLI's vocabulary (`LookSpec`: device, scheme, mode, dynamicType, locale, now, …),
// so a snapshot here and `widgetshot render --scheme dark --locale ko` name the same picture.

extension WidgetSnapshot {
    /// What to draw, given the resolved look and a renderer: one picture.
    typealias Draw = (Look, WidgetRenderer) throws -> RenderResult

    /// Renders one picture on `surface` under `look` (the golden device at 2x unless it says) and
    /// compares it with the reference `base` beside `file`; nil when it matches, else the one-line failure.
    static func verifySwift(base: String, surface: Surface, look spec: LookSpec, record: RecordMode, options: DiffOptions,
                            file: String, draw: Draw) -> String? {
        let setup: Setup
        switch self.setup(base: base, surface: surface, look: spec, file: file) {
        case .success(let s): setup = s
        case .failure(let message): return message.text
        }
        do { return setup.check(try draw(setup.look, setup.renderer).png, record: record, options: options) } catch {
            return "snapshot \(setup.shown): \(error)"
        }
    }

    /// The same with an async draw (a provider that answers later, awaited without holding a thread).
    nonisolated(nonsending)
    static func verifySwift(base: String, surface: Surface, look spec: LookSpec, record: RecordMode, options: DiffOptions,
                            file: String, draw: (Look, WidgetRenderer) async throws -> RenderResult) async -> String? {
        let setup: Setup
        switch self.setup(base: base, surface: surface, look: spec, file: file) {
        case .success(let s): setup = s
        case .failure(let message): return message.text
        }
        do { return setup.check(try await draw(setup.look, setup.renderer).png, record: record, options: options) } catch {
            return "snapshot \(setup.shown): \(error)"
        }
    }

    struct Message: Error { let text: String }

    /// Where a Swift snapshot's reference is, the look it is drawn in and the renderer.
    struct Setup {
        let reference: String, shown: String, snapshots: URL, file: String
        let look: Look
        let renderer: WidgetRenderer

        func check(_ png: [UInt8], record: RecordMode, options: DiffOptions) -> String? {
            WidgetSnapshot.check(png, reference: reference, shown: shown, snapshots: snapshots, record: record, options: options,
                                 artifacts: artifactsFolder(testFile: file))
        }
    }

    static func setup(base: String, surface: Surface, look spec: LookSpec, file: String) -> Result<Setup, Message> {
        if base.isEmpty || base.contains("/") || base.hasPrefix(".") {
            return .failure(Message(text: "snapshot name '\(base)' is not a file name (no '/', not starting with '.'); it names a PNG beside the test"))
        }
        let (reference, shown, snapshots) = referencePath(base: base, file: file)
        do {
            var spec = spec
            if spec.scale == nil { spec.scale = GoldenSuite.defaultScale }
            let look: Look
            do { look = try spec.resolve(for: surface, preview: nil) } catch { throw SnapshotError(message: error.message) }
            let near = URL(fileURLWithPath: file).deletingLastPathComponent().path
            let folders = (try? ProjectFolders.locate(executable: packageAnchor, workingDirectory: near)) ?? ProjectFolders(root: near)
            let renderer = WidgetRenderer(fonts: try fonts(for: folders))
            return .success(Setup(reference: reference, shown: shown, snapshots: snapshots, file: file, look: look, renderer: renderer))
        } catch {
            return .failure(Message(text: "snapshot \(shown): \(error)"))
        }
    }

    /// The part of a snapshot's name the look adds: `-light`, `-dark-tinted`, `-dark.ko.accessibility3`.
    static func lookSuffix(_ spec: LookSpec) -> String {
        var suffix = "-" + (spec.scheme ?? "light") + (spec.mode.map { "-\($0)" } ?? "")
        for part in [spec.device, spec.locale, spec.dynamicType] { if let part { suffix += ".\(part)" } }
        return suffix
    }

    static func surface(_ family: WidgetFamily) -> Surface { Surface(rawValue: family.rawValue) ?? .systemSmall }

    /// `view` drawn as a widget of `family`.
    public static func verify<V: SwiftUI.View>(of view: V, family: WidgetFamily, look: LookSpec = LookSpec(),
                                               named name: String? = nil, record: RecordMode = .fromEnvironment,
                                               options: DiffOptions = .default, file: String, function: String) -> String? {
        let base = name ?? "\(identifier(function)).\(family.rawValue)\(lookSuffix(look))"
        return verifySwift(base: base, surface: surface(family), look: look, record: record, options: options, file: file) { look, renderer in
            try SwiftUIRender.render(view, surface: surface(family), look: look, pngPreset: .small, renderer: renderer)
        }
    }

    /// A team's `Widget` drawn in `family` for the entry its provider gives (`.placeholder`,
    /// `.snapshot`, `.timeline(i)`).
    public static func verify<W: Widget>(of widget: W.Type, family: WidgetFamily, entry: SwiftUIRender.Entry = .snapshot,
                                         look: LookSpec = LookSpec(), named name: String? = nil,
                                         record: RecordMode = .fromEnvironment, options: DiffOptions = .default,
                                         file: String, function: String) -> String? {
        let base = name ?? "\(identifier(function)).\(family.rawValue).\(entryName(entry))\(lookSuffix(look))"
        return verifySwift(base: base, surface: surface(family), look: look, record: record, options: options, file: file) { look, renderer in
            try SwiftUIRender.render(widget, family: family, entry: entry, look: look, pngPreset: .small, renderer: renderer)
        }
    }

    /// The same, awaiting a provider that answers later without holding a thread (call it from an
    /// `async` test: Swift prefers this overload there).
    nonisolated(nonsending)
    public static func verify<W: Widget>(of widget: W.Type, family: WidgetFamily, entry: SwiftUIRender.Entry = .snapshot,
                                         look: LookSpec = LookSpec(), named name: String? = nil,
                                         record: RecordMode = .fromEnvironment, options: DiffOptions = .default,
                                         file: String, function: String) async -> String? {
        let base = name ?? "\(identifier(function)).\(family.rawValue).\(entryName(entry))\(lookSuffix(look))"
        return await verifySwift(base: base, surface: surface(family), look: look, record: record, options: options, file: file) { look, renderer in
            try await SwiftUIRender.render(widget, family: family, entry: entry, look: look, pngPreset: .small, renderer: renderer)
        }
    }

    /// Every entry a widget's provider gives in each of `families` (the configuration's supported
    /// families when nil): the placeholder, the snapshot and each timeline entry, one reference each.
    public static func verifyEntries<W: Widget>(of widget: W.Type, families: [WidgetFamily]? = nil, look: LookSpec = LookSpec(),
                                                record: RecordMode = .fromEnvironment, options: DiffOptions = .default,
                                                file: String, function: String) -> [String] {
        let chosen: [WidgetFamily]
        do { chosen = try families ?? SwiftUIRender.supportedFamilies(of: widget) } catch { return ["snapshot \(W.self): \(error)"] }
        var failures: [String] = []
        for family in chosen {
            let count: Int
            do {
                var spec = look
                if spec.scale == nil { spec.scale = GoldenSuite.defaultScale }
                count = try SwiftUIRender.timelineCount(of: widget, family: family, look: try spec.resolve(for: surface(family), preview: nil))
            } catch {
                failures.append("snapshot \(W.self) \(family.rawValue): \(error)")
                continue
            }
            let entries: [SwiftUIRender.Entry] = [.placeholder, .snapshot] + (0..<count).map { .timeline($0) }
            for entry in entries {
                if let failure = verify(of: widget, family: family, entry: entry, look: look, record: record, options: options,
                                        file: file, function: function) {
                    failures.append(failure)
                }
            }
        }
        return failures
    }

    /// The same, awaiting providers that answer later without holding a thread (from an `async` test).
    /// Every entry a widget's provider gives in each of `families` (the configuration's supported
    /// families when nil): the placeholder, the snapshot and each timeline entry, one reference each.
    nonisolated(nonsending)
    public static func verifyEntries<W: Widget>(of widget: W.Type, families: [WidgetFamily]? = nil, look: LookSpec = LookSpec(),
                                                record: RecordMode = .fromEnvironment, options: DiffOptions = .default,
                                                file: String, function: String) async -> [String] {
        let chosen: [WidgetFamily]
        do { chosen = try families ?? SwiftUIRender.supportedFamilies(of: widget) } catch { return ["snapshot \(W.self): \(error)"] }
        var failures: [String] = []
        for family in chosen {
            let count: Int
            do {
                var spec = look
                if spec.scale == nil { spec.scale = GoldenSuite.defaultScale }
                count = try await SwiftUIRender.timelineCount(of: widget, family: family, look: try spec.resolve(for: surface(family), preview: nil))
            } catch {
                failures.append("snapshot \(W.self) \(family.rawValue): \(error)")
                continue
            }
            let entries: [SwiftUIRender.Entry] = [.placeholder, .snapshot] + (0..<count).map { .timeline($0) }
            for entry in entries {
                if let failure = await verify(of: widget, family: family, entry: entry, look: look, record: record, options: options,
                                        file: file, function: function) {
                    failures.append(failure)
                }
            }
        }
        return failures
    }

    /// A team's Live Activity drawn on `surface` for `attributes` and `state`.
    public static func verify<W: Widget, A: ActivityAttributes>(of widget: W.Type, attributes: A, state: A.ContentState,
                                                                 surface: Surface = .lockScreen, isStale: Bool = false,
                                                                 look: LookSpec = LookSpec(), named name: String? = nil,
                                                                 record: RecordMode = .fromEnvironment,
                                                                 options: DiffOptions = .default, file: String, function: String) -> String? {
        let base = name ?? "\(identifier(function)).\(surface.rawValue)\(isStale ? ".stale" : "")\(lookSuffix(look))"
        return verifySwift(base: base, surface: surface, look: look, record: record, options: options, file: file) { look, renderer in
            try SwiftUIRender.render(widget, attributes: attributes, state: state, surface: surface, isStale: isStale, look: look,
                                     pngPreset: .small, renderer: renderer)
        }
    }

    /// A team's Live Activity for the content state an APNs push carries, decoded by the app's own
    /// `ContentState` with `decoder` (its date strategy): the data exactly as the app sees it.
    public static func verify<W: Widget, A: ActivityAttributes>(of widget: W.Type, attributes: A, push: Data,
                                                                 decoder: JSONDecoder = JSONDecoder(), surface: Surface = .lockScreen,
                                                                 isStale: Bool = false, look: LookSpec = LookSpec(),
                                                                 named name: String? = nil, record: RecordMode = .fromEnvironment,
                                                                 options: DiffOptions = .default, file: String, function: String) -> String? {
        let state: A.ContentState
        do { state = try SwiftUIRender.contentState(of: A.self, fromPush: push, decoder: decoder) } catch {
            return "snapshot \(identifier(function)): \(error)"
        }
        return verify(of: widget, attributes: attributes, state: state, surface: surface, isStale: isStale, look: look,
                      named: name, record: record, options: options, file: file, function: function)
    }

    static func entryName(_ entry: SwiftUIRender.Entry) -> String {
        switch entry {
        case .placeholder: "placeholder"
        case .snapshot: "snapshot"
        case .timeline(let index): "timeline-\(index)"
        }
    }
}

#if canImport(Testing)
/// Records a failure at the call when the view's snapshot does not match (see `WidgetSnapshot`).
public func assertWidgetSnapshot<V: SwiftUI.View>(of view: V, family: WidgetFamily = .systemSmall, look: LookSpec = LookSpec(),
                                                  named name: String? = nil, record: WidgetSnapshot.RecordMode = .fromEnvironment,
                                                  file: StaticString = #filePath, function: String = #function,
                                                  sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    report(WidgetSnapshot.verify(of: view, family: family, look: look, named: name, record: record,
                                 file: "\(file)", function: function), at: sourceLocation)
}

/// Records a failure at the call when the widget's picture for `entry` does not match.
public func assertWidgetSnapshot<W: Widget>(of widget: W.Type, family: WidgetFamily, entry: SwiftUIRender.Entry = .snapshot,
                                            look: LookSpec = LookSpec(), named name: String? = nil,
                                            record: WidgetSnapshot.RecordMode = .fromEnvironment,
                                            file: StaticString = #filePath, function: String = #function,
                                            sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    report(WidgetSnapshot.verify(of: widget, family: family, entry: entry, look: look, named: name, record: record,
                                 file: "\(file)", function: function), at: sourceLocation)
}

/// The same from an `async` test, awaiting a provider that answers later without holding a thread:
/// `await assertWidgetSnapshot(of: MyWidget.self, family: .systemSmall)` (docs/swift.md, "Providers
/// that answer later").
nonisolated(nonsending)
public func assertWidgetSnapshot<W: Widget>(of widget: W.Type, family: WidgetFamily, entry: SwiftUIRender.Entry = .snapshot,
                                            look: LookSpec = LookSpec(), named name: String? = nil,
                                            record: WidgetSnapshot.RecordMode = .fromEnvironment,
                                            file: StaticString = #filePath, function: String = #function,
                                            sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
    report(await WidgetSnapshot.verify(of: widget, family: family, entry: entry, look: look, named: name, record: record,
                                       file: "\(file)", function: function), at: sourceLocation)
}

/// The same from an `async` test, for every entry.
nonisolated(nonsending)
public func assertWidgetSnapshots<W: Widget>(of widget: W.Type, families: [WidgetFamily]? = nil, look: LookSpec = LookSpec(),
                                             record: WidgetSnapshot.RecordMode = .fromEnvironment,
                                             file: StaticString = #filePath, function: String = #function,
                                             sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
    for failure in await WidgetSnapshot.verifyEntries(of: widget, families: families, look: look, record: record,
                                                      file: "\(file)", function: function) {
        report(failure, at: sourceLocation)
    }
}

/// Records a failure for each of the widget's entries (placeholder, snapshot, every timeline entry,
/// in each family) whose picture does not match.
public func assertWidgetSnapshots<W: Widget>(of widget: W.Type, families: [WidgetFamily]? = nil, look: LookSpec = LookSpec(),
                                             record: WidgetSnapshot.RecordMode = .fromEnvironment,
                                             file: StaticString = #filePath, function: String = #function,
                                             sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    for failure in WidgetSnapshot.verifyEntries(of: widget, families: families, look: look, record: record,
                                                file: "\(file)", function: function) {
        report(failure, at: sourceLocation)
    }
}

/// Records a failure at the call when the Live Activity's picture for `state` does not match.
public func assertWidgetSnapshot<W: Widget, A: ActivityAttributes>(of widget: W.Type, attributes: A, state: A.ContentState,
                                                                    surface: Surface = .lockScreen, isStale: Bool = false,
                                                                    look: LookSpec = LookSpec(), named name: String? = nil,
                                                                    record: WidgetSnapshot.RecordMode = .fromEnvironment,
                                                                    file: StaticString = #filePath, function: String = #function,
                                                                    sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    report(WidgetSnapshot.verify(of: widget, attributes: attributes, state: state, surface: surface, isStale: isStale, look: look,
                                 named: name, record: record, file: "\(file)", function: function), at: sourceLocation)
}

/// Records a failure at the call when the Live Activity's picture for a push's content state (decoded
/// by the app's own `ContentState`) does not match, or when the app could not decode the push.
public func assertWidgetSnapshot<W: Widget, A: ActivityAttributes>(of widget: W.Type, attributes: A, push: Data,
                                                                    decoder: JSONDecoder = JSONDecoder(), surface: Surface = .lockScreen,
                                                                    isStale: Bool = false, look: LookSpec = LookSpec(),
                                                                    named name: String? = nil,
                                                                    record: WidgetSnapshot.RecordMode = .fromEnvironment,
                                                                    file: StaticString = #filePath, function: String = #function,
                                                                    sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    report(WidgetSnapshot.verify(of: widget, attributes: attributes, push: push, decoder: decoder, surface: surface, isStale: isStale,
                                 look: look, named: name, record: record, file: "\(file)", function: function), at: sourceLocation)
}

private func report(_ failure: String?, at sourceLocation: Testing.SourceLocation) {
    guard let failure else { return }
    Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
}
#endif
#endif
