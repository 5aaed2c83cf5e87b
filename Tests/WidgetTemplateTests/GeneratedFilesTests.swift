import Foundation
import Testing
import TestSupport
@testable import WidgetTemplate

/// Layouts/schema/layout.schema.json and Fuzz/layout/dictionary are written by `widgetshot schema` from the
/// parser's key lists (Nodes/, Schema/): the committed copies must be what the generator writes now, so a key
/// added to a node reaches the editors' schema and the fuzzer's dictionary in the same commit.
@Suite struct GeneratedFilesTests {
    /// The folder holding Package.swift.
    static let root = URL(fileURLWithPath: Project.root)

    static func committed(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    /// The first line where two texts differ, for a message that shows what changed.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let x = a.components(separatedBy: "\n"), y = b.components(separatedBy: "\n")
        for i in 0..<max(x.count, y.count) where (i < x.count ? x[i] : nil) != (i < y.count ? y[i] : nil) {
            return "line \(i + 1): committed \(i < x.count ? "'\(x[i])'" : "nothing"), generated \(i < y.count ? "'\(y[i])'" : "nothing")"
        }
        return "no difference"
    }

    @Test func committedSchemaIsGenerated() throws {
        let committed = try Self.committed(LayoutSchema.schemaPath)
        let generated = LayoutSchema.json()
        #expect(committed == generated, "\(LayoutSchema.schemaPath) is not what the key lists give (\(Self.firstDifference(committed, generated))); run \(LayoutSchema.command)")
    }

    @Test func committedDictionaryIsGenerated() throws {
        let committed = try Self.committed(LayoutSchema.dictionaryPath)
        let generated = FuzzDictionary.text()
        #expect(committed == generated, "\(LayoutSchema.dictionaryPath) is not what the key lists give (\(Self.firstDifference(committed, generated))); run \(LayoutSchema.command)")
    }

    /// Every key a node of each kind takes is in that kind's schema, and nothing else: the schema is read
    /// from the same lists the parser checks keys against.
    @Test func everyNodeKindListsTheParsersKeys() throws {
        let definitions = try #require(LayoutSchema.schema["definitions"])
        for kind in LayoutParser.kinds {
            guard case .object(let properties)? = definitions[kind + "Node"]?["properties"] else {
                Issue.record("no \(kind)Node in the schema"); continue
            }
            let parser = [kind] + LayoutParser.parameters(of: kind) + LayoutParser.commonKeys + LayoutParser.modifierKeys
            #expect(Set(properties.map(\.key)) == Set(parser), "\(kind)")
        }
    }

    /// A word the parser accepts for a key is a word the schema offers (truncationMode's head, middle, tail).
    @Test func wordsComeFromTheParsersLists() throws {
        let text = try #require(LayoutSchema.schema["definitions"]?["textNode"]?["properties"]?["truncationMode"])
        #expect(text == .bindable(.words(["head", "middle", "tail"])))
        #expect(FuzzDictionary.text().contains("\n\"middle\"\n"))
        // Every kind name and every key reaches the dictionary.
        let dictionary = Set(FuzzDictionary.text().split(separator: "\n").map(String.init))
        for word in LayoutParser.kinds + LayoutParser.commonKeys + LayoutParser.modifierKeys + LayoutParser.topKeys {
            #expect(dictionary.contains("\"\(word)\""), "\(word)")
        }
    }
}
