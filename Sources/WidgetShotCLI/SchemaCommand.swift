import ArgumentParser
import WidgetShot
import WidgetTemplate

/// Writes the layout schema (and, when asked, the layout fuzz dictionary) from the parser's key
/// lists (LayoutSchema, FuzzDictionary). Where the project says: `schema/layout.schema.json` in its
/// layouts folder, or `--out`; never into the working directory by default.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Write the layout JSON Schema (for an editor's YAML support) from the parser's key lists.",
        discussion: """
        Default: schema/layout.schema.json in the project's layouts folder (`layouts:` in \
        widgetshot.yaml, else Layouts/), so an editor's `yaml.schemas` can name it beside the layouts. \
        --out writes it elsewhere. The libFuzzer dictionary for layouts is written only with \
        --dictionary (WidgetShot's own fuzzing; `\(LayoutSchema.command)` regenerates both in a checkout).
        """,
        shouldDisplay: false)

    @Option(help: "Where the JSON Schema goes (default: schema/layout.schema.json in the project's layouts folder).")
    var out: String?

    @Option(help: "Also write the libFuzzer dictionary for layouts here.")
    var dictionary: String?

    @OptionGroup var project: ProjectOptions

    func run() throws {
        let target = try out ?? (project.folders().layouts + "/schema/layout.schema.json")
        try AtomicFile.write(Array(LayoutSchema.json().utf8), to: target)
        if let dictionary {
            try AtomicFile.write(Array(FuzzDictionary.text().utf8), to: dictionary)
            print("wrote \(target) and \(dictionary)")
        } else {
            print("wrote \(target)")
        }
    }
}
