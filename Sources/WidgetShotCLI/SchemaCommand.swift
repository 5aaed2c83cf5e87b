import ArgumentParser
import WidgetShot
import WidgetTemplate

/// Writes the layout schema and the layout fuzz dictionary from the parser's key lists (LayoutSchema,
/// FuzzDictionary). Hidden: it maintains the repository, it is not for users of the tool.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Write the layout JSON Schema and the fuzz dictionary from the parser's key lists.",
        shouldDisplay: false)

    @Option(help: "Where the JSON Schema goes.")
    var out = LayoutSchema.schemaPath

    @Option(help: "Where the libFuzzer dictionary for layouts goes.")
    var dictionary = LayoutSchema.dictionaryPath

    func run() throws {
        try AtomicFile.write(Array(LayoutSchema.json().utf8), to: out)
        try AtomicFile.write(Array(FuzzDictionary.text().utf8), to: dictionary)
        print("wrote \(out) and \(dictionary)")
    }
}
