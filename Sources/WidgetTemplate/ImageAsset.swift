import Foundation
import WidgetModel

/// Reads just enough of a PNG to size it: the IHDR chunk.
enum ImageAsset {
    enum Failure: Error { case unreadable(String), notPNG(String) }

    static func pixelSize(atPath path: String) -> Result<(width: Int, height: Int), Failure> {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(.unreadable("image not found: \(path)"))
        }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 24)) ?? Data())
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard head.count == 24, Array(head[0..<8]) == signature, Array(head[12..<16]) == Array("IHDR".utf8) else {
            return .failure(.notPNG("not a PNG image (no PNG signature and IHDR header): \(path)"))
        }
        func u32(_ i: Int) -> Int { Int(head[i]) << 24 | Int(head[i + 1]) << 16 | Int(head[i + 2]) << 8 | Int(head[i + 3]) }
        let w = u32(16), h = u32(20)
        guard w > 0, h > 0, w <= 100_000, h <= 100_000 else {
            return .failure(.notPNG("corrupt PNG (size \(w)×\(h)): \(path)"))
        }
        return .success((w, h))
    }

    static func resolve(_ path: String, against directory: String) -> String {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: directory.isEmpty ? "." : directory).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }
}
