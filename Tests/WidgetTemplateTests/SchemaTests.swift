import Foundation
import Testing
import TestSupport
import WidgetModel
@testable import WidgetTemplate

/// Layouts/schema/layout.schema.json: the real `jsonschema` (Python, run through
/// Layouts/schema/check.py) accepts every shipped layout and the good samples and rejects the bad samples; the
/// Swift parser agrees on the samples; and the schema's keys match the parser's, so neither drifts alone.
@Suite struct SchemaTests {
    static let root = URL(fileURLWithPath: Project.root)
    static let schemaDir = root.appendingPathComponent("Layouts/schema")

    /// PyYAML and jsonschema importable (check.py exits 77 without them).
    static let pythonReady: Bool = run(["-c", "import yaml, jsonschema"]).status == 0

    /// `python3 arguments` in the repository's root, to its end: its exit status and what it wrote
    /// to standard output and error together (one pipe, read to its end before the wait).
    static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        do {
            let pipe = try ChildProcess.makePipe()
            let child: ChildProcess
            do {
                child = try ChildProcess("/usr/bin/env", ["python3"] + arguments, directory: root.path,
                                         stdin: .null, stdout: .descriptor(pipe.write), stderr: .descriptor(pipe.write))
            } catch { close(pipe.read); close(pipe.write); throw error }
            close(pipe.write)
            let data = FileHandle(fileDescriptor: pipe.read, closeOnDealloc: true).readDataToEndOfFile()
            return (try child.wait().status, String(decoding: data, as: UTF8.self))
        } catch { return (-1, "\(error)") }
    }

    static func yamlFiles(_ folder: String, recursive: Bool = false) -> [String] {
        let dir = root.appendingPathComponent(folder)
        let names: [String]
        if recursive {
            names = (FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String]) ?? []
        } else {
            names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        }
        return names.filter { $0.hasSuffix(".yaml") && !$0.hasPrefix("schema/samples/bad") }.sorted().map { dir.appendingPathComponent($0).path }
    }

    @Test(.childProcess, .enabled(if: pythonReady)) func everyShippedLayoutAndGoodSampleIsValid() {
        // Every layout in Layouts/ (and the good samples) and the feature-golden fixtures in Tests/Features/Layouts.
        let files = Self.yamlFiles("Layouts", recursive: true) + Self.yamlFiles("Tests/Features/Layouts")
        #expect(files.contains { $0.hasSuffix("Layouts/delivery.yaml") })
        #expect(files.contains { $0.hasSuffix("samples/good/bound-parameters.yaml") })
        let result = Self.run(["Layouts/schema/check.py"] + files)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(.childProcess, .enabled(if: pythonReady)) func badSamplesAreRejected() {
        let files = Self.yamlFiles("Layouts/schema/samples/bad")
        #expect(files.count >= 9)
        let result = Self.run(["Layouts/schema/check.py", "--expect-invalid"] + files)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.components(separatedBy: "\n").filter { $0.hasPrefix("rejected ") }.count == files.count)
    }

    @Test func swiftParserAgreesOnTheSamples() throws {
        for path in Self.yamlFiles("Layouts/schema/samples/good") {
            let doc = try LayoutLoader.load(path: path)
            let errors = Linter.lint(doc).filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(path): \(errors)")
        }
        for path in Self.yamlFiles("Layouts/schema/samples/bad") {
            #expect(throws: LayoutError.self, "\(path)") { _ = try LayoutLoader.load(path: path) }
        }
    }

    /// The schema lists exactly the keys the parser takes, per node kind and per surface.
    @Test func schemaKeysMatchTheParser() throws {
        let data = try Data(contentsOf: Self.schemaDir.appendingPathComponent("layout.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let definitions = try #require(schema["definitions"] as? [String: Any])
        for kind in LayoutParser.kinds {
            let node = try #require(definitions[kind + "Node"] as? [String: Any], "no \(kind)Node in the schema")
            let keys = Set(((node["properties"] as? [String: Any]) ?? [:]).keys)
            let parser = Set([kind] + LayoutParser.parameters(of: kind) + LayoutParser.commonKeys + LayoutParser.modifierKeys)
            #expect(keys == parser, "\(kind): only in schema \(keys.subtracting(parser).sorted()), only in parser \(parser.subtracting(keys).sorted())")
        }
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(LayoutParser.topKeys))
        let surfaces = try #require((properties["surfaces"] as? [String: Any])?["properties"] as? [String: Any])
        // Control surfaces come from `controls:`, never from `surfaces:`.
        let written = Surface.allCases.filter { $0.family != .control }
        #expect(Set(surfaces.keys) == Set(written.map(\.rawValue)))
        let controlItem = try #require((properties["controls"] as? [String: Any])?["items"] as? [String: Any])
        let controlKeys = Set(((controlItem["properties"] as? [String: Any]) ?? [:]).keys)
        #expect(controlKeys == Set(LayoutParser.controlKeys))
        let onFace = try #require((controlItem["properties"] as? [String: Any])?["on"] as? [String: Any])
        #expect(Set(((onFace["properties"] as? [String: Any]) ?? [:]).keys) == Set(LayoutParser.controlFaceKeys))
        for surface in written {
            let s = try #require(surfaces[surface.rawValue] as? [String: Any])
            let keys = Set(((s["properties"] as? [String: Any]) ?? [:]).keys)
            let expected = Set(surface.regions.isEmpty ? ["view"] : surface.regions.map(\.rawValue))
            #expect(keys.isSuperset(of: expected), "\(surface.rawValue): missing \(expected.subtracting(keys).sorted())")
        }
    }
}
