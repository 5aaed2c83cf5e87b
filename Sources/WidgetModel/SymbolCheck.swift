import Foundation
import WidgetModel

/// What a project's symbol SVG may hold, checked when it is found (lint, bind, the server's
/// load), before librsvg ever sees it. librsvg has no time or memory bound of its own: a
/// `feTurbulence` filter or a long filter chain ran past 60 s, and a 519 KB file reached 2.8 GB.
/// An SF Symbols export is a few dozen paths and groups in a `viewBox`, tens of kilobytes, with a
/// `<style>` block and no filters, images or patterns; anything beyond that is refused by name.
public enum SymbolCheck {
    /// Elements refused wherever they appear: filters and their primitives (`fe…`), raster
    /// images, patterns (tiled without bound), foreign content, scripts, and DTD entities.
    static let refused = ["filter", "image", "pattern", "foreignObject", "script", "!ENTITY", "!DOCTYPE"]

    /// The file at `path` read (within `Limits.symbolBytes`) and checked; the verdict is kept per
    /// file, size and modification time, so binding the same symbol again reads nothing.
    public static func problem(atPath path: String, limits: Limits = .default) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return "cannot be read" }
        let key = Verdicts.Key(path: path, size: Int(info.st_size), modified: Int(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(info.st_mtim.tv_nsec),
                               bytes: limits.symbolBytes, elements: limits.symbolElements)
        if let known = Verdicts.shared.get(key) { return known.problem }
        let verdict: String?
        do { verdict = problem(try BoundedFile.read(path, limit: limits.symbolBytes), limits: limits) } catch {
            if case .tooLarge(let size, _) = error { verdict = "is \(size) bytes or more, more than \(limits.symbolBytes) (Limits.symbolBytes)" } else { verdict = "\(error)" }
        }
        Verdicts.shared.set(key, verdict)
        return verdict
    }

    /// Verdicts by file; emptied when it holds `capacity` of them.
    final class Verdicts: @unchecked Sendable {
        struct Key: Hashable { var path: String, size: Int, modified: Int, bytes: Int, elements: Int }
        struct Verdict { var problem: String? }
        static let shared = Verdicts()
        static let capacity = 4_096
        private let lock = NSLock()
        private var verdicts: [Key: Verdict] = [:]
        func get(_ key: Key) -> Verdict? { lock.withLock { verdicts[key] } }
        func set(_ key: Key, _ problem: String?) {
            lock.withLock {
                if verdicts.count >= Self.capacity { verdicts.removeAll() }
                verdicts[key] = Verdict(problem: problem)
            }
        }
    }

    /// nil when `svg` may be drawn, else why not (reads after "symbol NAME: Icons/NAME.svg ").
    public static func problem(_ svg: [UInt8], limits: Limits = .default) -> String? {
        if svg.count > limits.symbolBytes {
            return "is \(svg.count) bytes, more than \(limits.symbolBytes) (Limits.symbolBytes)"
        }
        var elements = 0
        var i = 0
        let n = svg.count
        var viewBox: String?
        while i < n {
            guard svg[i] == UInt8(ascii: "<") else { i += 1; continue }
            // A comment or CDATA is skipped whole.
            if starts(svg, at: i, "<!--") { i = index(of: "-->", in: svg, from: i + 4) ?? n; continue }
            if starts(svg, at: i, "<![CDATA[") { i = index(of: "]]>", in: svg, from: i + 9) ?? n; continue }
            var j = i + 1
            if j < n, svg[j] == UInt8(ascii: "/") { i = j; continue }
            while j < n, !isSpace(svg[j]), svg[j] != UInt8(ascii: ">"), svg[j] != UInt8(ascii: "/") { j += 1 }
            let name = String(decoding: svg[(i + 1)..<j], as: UTF8.self)
            let local = name.split(separator: ":").last.map(String.init) ?? name
            if refused.contains(where: { $0.caseInsensitiveCompare(local) == .orderedSame }) || local.hasPrefix("fe") {
                return "holds <\(local)>, which WidgetShot does not draw in a symbol (filters, images, patterns, scripts and entities are refused: an SF Symbols export has none)"
            }
            if name.first?.isLetter == true {
                elements += 1
                if elements > limits.symbolElements {
                    return "has more than \(limits.symbolElements) elements (Limits.symbolElements)"
                }
            }
            let end = index(of: ">", in: svg, from: j) ?? n
            if local == "svg", viewBox == nil { viewBox = attribute("viewBox", in: svg[j..<end]) }
            i = end
        }
        guard let viewBox else { return "has no viewBox on its <svg> element (an SF Symbols export has one)" }
        let numbers = viewBox.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }).compactMap { Double($0) }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite), numbers[2] > 0, numbers[3] > 0,
              numbers.allSatisfy({ abs($0) <= 100_000 }) else {
            return "has a viewBox '\(viewBox.prefix(60))' that is not four numbers with a width and height in 0…100000"
        }
        if let style = index(of: "@import", in: svg, from: 0) { _ = style; return "imports a style sheet (@import), which is refused" }
        return nil
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    static func starts(_ b: [UInt8], at i: Int, _ s: String) -> Bool {
        let u = Array(s.utf8)
        return i + u.count <= b.count && Array(b[i..<(i + u.count)]) == u
    }

    static func index(of s: String, in b: [UInt8], from start: Int) -> Int? {
        let u = Array(s.utf8)
        guard !u.isEmpty, b.count >= u.count else { return nil }
        var i = start
        while i + u.count <= b.count {
            if b[i] == u[0], Array(b[i..<(i + u.count)]) == u { return i + u.count - 1 }
            i += 1
        }
        return nil
    }

    /// The value of `name="…"` (or '…') in an element's attribute text.
    static func attribute(_ name: String, in text: ArraySlice<UInt8>) -> String? {
        let s = String(decoding: text, as: UTF8.self)
        guard let r = s.range(of: name + "=") else { return nil }
        let rest = s[r.upperBound...]
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let body = rest.dropFirst()
        guard let close = body.firstIndex(of: quote) else { return nil }
        return String(body[..<close])
    }
}
