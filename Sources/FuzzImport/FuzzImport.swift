import Foundation
import FuzzSupport
import WidgetImport
import WidgetTemplate

/// Bytes → Swift text → the importer → the draft, which must load and lint without errors: for any
/// input that parses, the importer promises a working draft, so a draft the linter rejects is a
/// finding like a crash.
@main enum FuzzImport {
    static func main() {
        FuzzHarness.main(target: "import") { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            guard let result = try? WidgetImporter.run(texts: [("fuzz.swift", text)]) else { return }
            let document: LayoutDocument
            do { document = try LayoutLoader.parse(result.yaml, path: "/fuzz/draft.yaml") } catch {
                fatalError("the draft does not load: \(error)\n\(result.yaml)")
            }
            let errors = Linter.lint(document).filter { $0.severity == .error }
            if !errors.isEmpty { fatalError("the draft has lint errors: \(errors)\n\(result.yaml)") }
        }
    }
}
