import ArgumentParser
import WidgetShot

/// How the surface looks, for the commands that draw one look (render, push, timeline): the
/// library's LookSpec as options. Names, help and checks come from `LookSpec.fields` and
/// `LookSpec.validate`, the same the server's query and body readers use. The commands check the
/// spec when they run, so a bad value is an input error (exit 2) naming its option.
struct LookOptions: ParsableArguments {
    @Option(name: .long, help: lookHelp("device"))
    var device: String?

    @Option(name: .long, help: lookHelp("ios"))
    var ios: String?

    @Option(name: .long, help: lookHelp("scale"))
    var scale: Double?

    @Option(name: .long, help: lookHelp("scheme"))
    var scheme: String?

    @Option(name: .long, help: lookHelp("locale"))
    var locale: String?

    @Option(name: .long, help: lookHelp("now"))
    var now: String?

    @Flag(name: .long, help: lookHelp("placeholder"))
    var placeholder = false

    // `--rendering-mode` too: the name gallery, verify and record use for it.
    @Option(name: [.customLong("mode"), .customLong("rendering-mode")], help: lookHelp("mode"))
    var mode: String?

    @Option(name: .customLong("dynamic-type"), help: lookHelp("dynamicType"))
    var dynamicType: String?

    @Option(name: .long, help: lookHelp("backdrop"))
    var backdrop: String?

    @Option(name: .long, help: lookHelp("canvas"))
    var canvas: String?

    var spec: LookSpec {
        var spec = LookSpec(device: device, ios: ios, scale: scale, scheme: scheme, locale: locale, now: now,
                            placeholder: placeholder, mode: mode)
        spec.dynamicType = dynamicType
        spec.backdrop = backdrop
        spec.canvas = canvas
        return spec
    }

    /// "--scale: scale must be between 0.25 and 4, got 9.0": a RenderSpecError with the option it
    /// comes from.
    static func message(_ error: RenderSpecError) -> String {
        error.field == "layout" ? error.message : "\(LookSpec.optionName(error.field)): \(error.message)"
    }
}

/// The option's help from its LookSpec field (`note` added to the summary: "Repeat for several.").
func lookHelp(_ name: String, note: String = "") -> ArgumentHelp {
    guard let field = LookSpec.field(name) else { return ArgumentHelp(name) }
    return ArgumentHelp(field.summary + (note.isEmpty ? "" : " " + note), discussion: field.detail,
                        valueName: field.valueName.isEmpty ? nil : field.valueName)
}
