import Foundation
import Testing
import TestSupport
import WidgetPush
import WidgetShot

/// One rule for a UTF-8 byte-order mark at the start of JSON (RFC 8259 §8.1 lets a reader ignore
/// it), wherever JSON is read: a push file or body, a `--data` file, a request body. One is skipped;
/// a second is text where JSON must start, and its message names it.
@Suite struct ByteOrderMarkTests {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    static let payloadFile = Project.root + "/Layouts/samples/delivery/update-onTheWay.json"

    func payload() throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.payloadFile))) }

    @Test func aPushFileMayStartWithOne() throws {
        let plain = try PushValidator.inputs(in: try payload(), name: "push.json")
        let marked = try PushValidator.inputs(in: Self.bom + (try payload()), name: "push.json")
        #expect(marked.count == 1)
        // The payload is the JSON after the mark: what APNs would be sent, and what its 4 KB counts.
        #expect(marked.map(\.bytes) == plain.map(\.bytes))
        #expect(!marked[0].bytes.starts(with: Self.bom))

        let sequence = try PushValidator.inputs(in: Self.bom + Array("[".utf8) + (try payload()) + Array(",".utf8) + (try payload()) + Array("]".utf8),
                                                name: "sequence.json")
        #expect(sequence.count == 2)
        #expect(sequence.map(\.name) == ["sequence.json[0]", "sequence.json[1]"])
    }

    @Test func aSecondMarkIsNamedNotShownAsLatin1() throws {
        let error = try #require(throws: PushInputError.self) {
            try PushValidator.inputs(in: Self.bom + Self.bom + (try payload()), name: "push.json")
        }
        #expect(error.message.contains("push.json"), "\(error.message)")
        #expect(error.message.contains("a byte-order mark (U+FEFF)"), "\(error.message)")
        #expect(!error.message.contains("ï"), "\(error.message)")

        // Any other character is named by what it is, not by its first byte.
        let other = try #require(throws: PushInputError.self) { try PushValidator.inputs(in: Array("é{}".utf8), name: "push.json") }
        #expect(other.message.contains("'é'"), "\(other.message)")
    }

    @Test func aDataFileAndDataTextFollowTheSameRule() throws {
        let dir = scratchDirectory("bom-data")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let json = Array(#"{"order": {"status": "onTheWay"}}"#.utf8)
        let expected = DataValue.object(["order": .object(["status": .string("onTheWay")])])
        for name in ["data.json", "data.yaml"] {
            FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(Self.bom + json))
            #expect(try DataValue.load(path: dir + "/" + name) == expected, "\(name)")
        }
        #expect(try DataValue.parse(String(decoding: Self.bom + json, as: UTF8.self), file: "body") == expected)

        FileManager.default.createFile(atPath: dir + "/twice.json", contents: Data(Self.bom + Self.bom + json))
        let error = try #require(throws: LayoutError.self) { try DataValue.load(path: dir + "/twice.json") }
        #expect("\(error)".contains("byte-order mark (U+FEFF)"), "\(error)")
    }
}
