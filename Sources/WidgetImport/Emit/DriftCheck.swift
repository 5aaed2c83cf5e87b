import Foundation
import WidgetModel

/// `widgetshot import --check LAYOUT PATH…`: has the Swift a layout was imported from changed
/// since? The layout's header records each imported view as a comment line
/// (`# widgetshot-import: view NAME FILE:LINE sha256:HEX`); the check recomputes the fingerprints
/// from the Swift given now and names every view whose structure differs, is gone, or is new.
public enum DriftCheck {
    static let marker = "widgetshot-import:"

    public struct Recorded: Sendable, Equatable {
        public var kind: String
        public var name: String
        public var location: String
        public var fingerprint: String
    }

    /// One finding: `file:line: view X changed structurally since the import`.
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        public var location: String
        public var message: String
        public var description: String { "\(location): \(message)" }
    }

    /// The records in a layout's text (comment lines in the fixed form).
    public static func records(in layoutText: String) -> [Recorded] {
        var out: [Recorded] = []
        for line in layoutText.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("# " + marker) else {
                if !line.hasPrefix("#") && !line.isEmpty { break }   // the header ends at the first non-comment line
                continue
            }
            let parts = line.dropFirst(2 + marker.count).split(separator: " ").map(String.init)
            guard parts.count >= 4, parts.last!.hasPrefix("sha256:") else { continue }
            out.append(Recorded(kind: parts[0], name: parts[1], location: parts[2], fingerprint: String(parts.last!.dropFirst(7))))
        }
        return out
    }

    /// Compares a layout's records with the Swift in `paths`.
    public static func check(layoutPath: String, paths: [String], limits: Limits = .default) throws(ImportError) -> [Finding] {
        let text: String
        do { text = try BoundedFile.text(layoutPath, limit: limits.documentBytes) } catch {
            throw ImportError("\(layoutPath): cannot read the layout: \(error)")
        }
        let recorded = records(in: text)
        guard !recorded.isEmpty else {
            throw ImportError("\(layoutPath): no imported views recorded (lines '# \(marker) …' written by widgetshot import); nothing to check")
        }
        let files = try SourceReader.files(paths, limits: limits)
        let (sources, _) = try SourceReader.read(files, limits: limits)
        return compare(recorded, now: current(sources))
    }

    /// The fingerprints of the given Swift, as an import would record them.
    static func current(_ sources: [SwiftSource]) -> [ImportedView] {
        let catalog = Catalog(sources)
        var out: [ImportedView] = []
        for name in catalog.typeOrder {
            guard let t = catalog.types[name], !t.parts.isEmpty else { continue }
            let kind = t.isWidget ? "widget" : t.isView ? "view" : "enum"
            out.append(ImportedView(kind: kind, name: t.name, spot: t.spot, fingerprint: Fingerprint.of(t.parts.map(\.0))))
        }
        if let body = catalog.functions["body"] {
            let spot = body.source.spot(body.decl)
            out.append(ImportedView(kind: "fragment", name: "fragment@\(spot.line)", spot: spot, fingerprint: Fingerprint.of(body.decl)))
        }
        for f in catalog.fragments {
            let spot = f.source.spot(f.node)
            out.append(ImportedView(kind: "fragment", name: "fragment@\(spot.line)", spot: spot, fingerprint: Fingerprint.of(f.node)))
        }
        return out
    }

    static func compare(_ recorded: [Recorded], now: [ImportedView]) -> [Finding] {
        var findings: [Finding] = []
        for r in recorded {
            if r.kind == "fragment" {
                // A fragment has no name: it is matched by its fingerprint alone.
                if !now.contains(where: { $0.kind == "fragment" && $0.fingerprint == r.fingerprint }) {
                    findings.append(Finding(location: r.location, message: "the imported fragment changed structurally since the import (or is gone)"))
                }
                continue
            }
            guard let current = now.first(where: { $0.name == r.name && ($0.kind == r.kind || r.kind == "enum") }) else {
                findings.append(Finding(location: r.location, message: "\(r.kind) \(r.name) is no longer in the given Swift files"))
                continue
            }
            if current.fingerprint != r.fingerprint {
                findings.append(Finding(location: "\(current.spot.file):\(current.spot.line)",
                                        message: "\(r.kind) \(r.name) changed structurally since the import (the layout may be stale)"))
            }
        }
        let known = Set(recorded.map(\.name))
        for v in now where v.kind == "view" && !known.contains(v.name) {
            findings.append(Finding(location: "\(v.spot.file):\(v.spot.line)", message: "view \(v.name) is new since the import (not in the layout)"))
        }
        return findings
    }
}
