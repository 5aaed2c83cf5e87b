import AppIntents
import Foundation
import SwiftUI
import Testing
import UIKit

/// Two things home-assistant's widget code needs and that did not compile: a dynamic `UIColor`
/// (`UIColor { traits in … }`, UIKit's `init(dynamicProvider:)`, with `UITraitCollection`) and an
/// intent's `parameterSummary` written with `Switch`/`Case`/`DefaultCase` and `When … otherwise:`,
/// beside `@Parameter(…, inputOptions:)`.
@Suite("UIKit's dynamic colours and AppIntents' conditional parameter summaries")
struct UIKitTraitsAndSummaryTests {
    /// A colour with one value per appearance, as home-assistant's `AppConstants.tintColor` is written.
    static let tint = UIColor { (traitCollection: UITraitCollection) -> UIColor in
        traitCollection.userInterfaceStyle == .dark ? UIColor(red: 0, green: 0, blue: 1, alpha: 1) : UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    }

    enum Appearance { case light, dark }
    func centre(_ color: UIColor, _ appearance: Appearance) throws -> [UInt8] {
        try CanvasPicture(Color(uiColor: color), width: 20, height: 20, dark: appearance == .dark).at(10, 10)
    }

    @Test("a dynamic UIColor draws its light colour in light and its dark colour in dark; its alpha and a system colour inside it follow")
    func dynamicColour() throws {
        #expect(try centre(Self.tint, .light) == [255, 0, 0, 255])
        #expect(try centre(Self.tint, .dark) == [0, 0, 255, 255])
        // UIKit's own reading of it.
        #expect(Self.tint.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)).blue == 1)
        #expect(Self.tint.red == 1, "its components are the light colour's")
        let faded = try centre(Self.tint.withAlphaComponent(0.5), .dark)
        // Half of the dark colour over the dark canvas (black).
        #expect(faded[0] == 0 && faded[1] == 0 && (120...135).contains(Int(faded[2])), "\(faded)")
        // A system colour returned by the provider keeps its own dark value (systemBackground: black in dark).
        let background = UIColor { _ in .systemBackground }
        #expect(try centre(background, .dark) == [0, 0, 0, 255])
        #expect(try centre(background, .light) == [255, 255, 255, 255])
    }

    enum Source: String, AppEnum {
        case entity, template
        static let typeDisplayRepresentation: TypeDisplayRepresentation = "Source"
        static let caseDisplayRepresentations: [Source: DisplayRepresentation] = [.entity: "Entity", .template: "Template"]
    }

    struct GaugeIntent: WidgetConfigurationIntent {
        static let title: LocalizedStringResource = "Gauge"
        @Parameter(title: "Source", default: .entity) var source: Source
        @Parameter(title: "Run script", default: false) var runScript: Bool
        @Parameter(title: "Maximum", default: 100) var maxValue: Double
        @Parameter(title: "Template", default: "",
                   inputOptions: .init(capitalizationType: .none, multiline: true, autocorrect: false, smartQuotes: false, smartDashes: false))
        var template: String

        static var parameterSummary: some ParameterSummary {
            Switch(\.$source) {
                Case(.entity) {
                    When(\GaugeIntent.$runScript, .equalTo, true) {
                        Summary { \.$source; \.$maxValue; \.$runScript }
                    } otherwise: {
                        Summary("Gauge of \(\.$source)") { \.$maxValue }
                    }
                }
                DefaultCase {
                    When(\.$maxValue, .greaterThan, 10) {
                        Summary { \.$template }
                    } otherwise: {
                        Summary()
                    }
                }
            }
        }
    }

    @Test("Switch, Case, DefaultCase, When … otherwise: and inputOptions compile and keep what they were given")
    func conditionalSummary() throws {
        let summary = try #require(GaugeIntent.parameterSummary as? ParameterSummarySwitchCondition<GaugeIntent, Source>)
        #expect(summary.cases.count == 2)
        #expect(summary.cases[0].values == [.entity] && summary.cases[1].values == nil)
        let when = try #require(summary.cases[0].summary as? ParameterSummaryWhenCondition<GaugeIntent, GaugeIntent.Summary, GaugeIntent.Summary>)
        #expect(when.when.parameters.count == 3 && when.otherwise?.parameters.count == 1)
        #expect(when.otherwise?.summary.text == "Gauge of ${Source}")
        var intent = GaugeIntent()
        #expect(intent.template == "" && intent.maxValue == 100)
        intent.template = "{{ states('sensor.x') }}"
        #expect(intent.template == "{{ states('sensor.x') }}")
        let options = String.IntentInputOptions(capitalizationType: .none, multiline: true)
        #expect(options.keyboardType == .asciiCapable && options.multiline && options.autocorrect)
    }
}
