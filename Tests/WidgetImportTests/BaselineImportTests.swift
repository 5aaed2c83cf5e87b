import Testing

/// `HStack(alignment: .firstTextBaseline)` / `.lastTextBaseline` translate as written now that the
/// layout language aligns on text baselines (they became `top`/`bottom`, marked partly).
@Suite struct BaselineImportTests {
    @Test(arguments: ["firstTextBaseline", "lastTextBaseline"])
    func baselineAlignmentIsKept(_ word: String) throws {
        let swift = "HStack(alignment: .\(word)) { Text(\"128\").font(.system(size: 34)); Text(\"kWh\") }"
        let result = try ImportSupport.importText(ImportSupport.widget(swift))
        let fragment = ImportSupport.component(result.yaml)
        #expect(fragment.contains("alignment: \(word)"), "\(fragment)")
        #expect(!result.yaml.contains("aligned by the text's box"), "\(result.yaml)")
        let problems = try ImportSupport.lintProblems(result.yaml)
        #expect(problems.isEmpty, "\(problems)\n\(result.yaml)")
    }
}
