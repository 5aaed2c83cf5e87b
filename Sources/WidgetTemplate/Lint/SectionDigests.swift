import Foundation
import WidgetModel
import Yams

/// Digests of the parts of a layout file that a render of one surface reads, so that an edit to one
/// surface's view leaves the other surfaces' images valid (the gallery re-renders only what an edit
/// can change; see `LayoutDocument.renderDigest(for:)`).
///
/// A render of a surface reads, from the file: the surface's own entry under `surfaces:` (or its
/// fallback's: standBy draws lockScreen), and the shared sections — `name`, `strings`, `tables`,
/// `components` and any other top-level key but `surfaces`, `previews` and `timeline`. A preview's
/// data, `now`, time zone and locale reach a render through its request (each is a part of the
/// render key), and `timeline:` only says which entries a timeline has. The digest is over the
/// composed YAML nodes (tags, styles and values; comments do not count) *without* their lines and
/// columns, so adding a line to one view leaves the views below it valid: positions change no
/// pixel, only the `file:line:col` in warnings and errors, which a user of the digest must take
/// afresh (the gallery binds and lays out again each reused image that has warnings).
enum SectionDigests {
    /// `shared`, `previews`, `timeline` and `surface.NAME` per entry under `surfaces:`, hex.
    static func compute(_ root: Yams.Node) -> [String: String] {
        let shared = SHA256Hash()
        var out: [String: String] = [:]
        guard case .mapping(let top) = root else { return ["shared": hex(shared.finalize())] }
        for (key, value) in top {
            let name = key.scalar?.string ?? ""
            switch name {
            case "previews", "timeline":
                let h = SHA256Hash()
                feed(h, value)
                out[name] = hex(h.finalize())
            case "surfaces":
                guard case .mapping(let entries) = value else { feed(shared, key); feed(shared, value); continue }
                for (surfaceKey, body) in entries {
                    let h = SHA256Hash()
                    feed(h, surfaceKey)
                    feed(h, body)
                    out["surface." + (surfaceKey.scalar?.string ?? "")] = hex(h.finalize())
                }
            default:
                feed(shared, key)
                feed(shared, value)
            }
        }
        out["shared"] = hex(shared.finalize())
        return out
    }

    /// The node and everything below it, each string length-prefixed. Iterative: a
    /// deep document cannot exhaust the stack (its depth and alias expansions are already bounded
    /// by the limits it was composed under).
    static func feed(_ hasher: SHA256Hash, _ root: Yams.Node) {
        var stack = [root]
        var bytes: [UInt8] = []
        func int(_ n: Int) { withUnsafeBytes(of: Int64(n).bigEndian) { bytes.append(contentsOf: $0) } }
        func string(_ s: String) { int(s.utf8.count); bytes.append(contentsOf: s.utf8) }
        while let node = stack.popLast() {
            switch node {
            case .scalar(let s):
                bytes.append(0x73); string(s.tag.description); int(Int(s.style.rawValue)); string(s.string)
            case .mapping(let m):
                bytes.append(0x6D); string(m.tag.description); int(m.count)
                for (k, v) in m.reversed() { stack.append(v); stack.append(k) }
            case .sequence(let q):
                bytes.append(0x71); string(q.tag.description); int(q.count)
                stack.append(contentsOf: q.reversed())
            case .alias(let a):
                bytes.append(0x61); string(a.anchor.rawValue)
            }
            if bytes.count > 4096 { hasher.update(data: bytes); bytes.removeAll(keepingCapacity: true) }
        }
        hasher.update(data: bytes)
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for b in digest { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// `render.SURFACE` for every surface the document draws (its own entry or its fallback's),
    /// so a render key looks its digest up instead of hashing per image.
    static func addRenderDigests(to document: inout LayoutDocument) {
        for surface in Surface.allCases {
            guard let own = document.surfaceTemplates[surface] != nil ? surface : surface.fallback,
                  document.surfaceTemplates[own] != nil,
                  let shared = document.sectionDigests["shared"], let entry = document.sectionDigests["surface." + own.rawValue]
            else { continue }
            document.sectionDigests["render." + surface.rawValue] =
                hex(SHA256Hash.hash(data: Array("\(shared):\(own.rawValue):\(entry)".utf8)))
        }
    }
}

extension LayoutDocument {
    /// SHA-256 (hex) of everything in the file a render of `surface` can read (see
    /// `SectionDigests`): two versions of a file with the same digest for a surface draw it the
    /// same for the same request. A document not parsed from text gives its `sourceDigest`.
    public func renderDigest(for surface: Surface) -> String {
        sectionDigests["render." + surface.rawValue] ?? sourceDigest
    }

    /// SHA-256 (hex) of what renders of these surfaces read, plus `previews:` and `timeline:`
    /// (a timeline's entries and a push sequence's time zone come from them): the key of the
    /// gallery's filmstrips of this layout.
    public func renderDigest(for surfaces: [Surface], withPreviewsAndTimeline: Bool) -> String {
        var parts = surfaces.map { $0.rawValue + "=" + (hasView(for: $0) ? renderDigest(for: $0) : "none") }
        if withPreviewsAndTimeline {
            guard !sectionDigests.isEmpty else { return sourceDigest }
            parts += ["previews=" + (sectionDigests["previews"] ?? "none"), "timeline=" + (sectionDigests["timeline"] ?? "none")]
        }
        return SectionDigests.hex(SHA256Hash.hash(data: Array(parts.joined(separator: "\n").utf8)))
    }
}
