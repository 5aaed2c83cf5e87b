import Foundation
import Testing
@testable import WidgetImport

/// Shapes of widget code met in published apps (measured on home-assistant/iOS's widget extension):
/// whole files inside `#if os(iOS) … #endif`, and a folder of controls with no widget view. Both
/// ended in "no widget view found" before.
@Suite struct RealWorldShapesTests {
    @Test func codeInsideConditionalCompilationIsRead() throws {
        let swift = """
        #if os(iOS) && !targetEnvironment(macCatalyst)
        import SwiftUI
        import WidgetKit

        struct Entry: TimelineEntry { let date: Date; let title: String }

        struct TitleView: View {
            let entry: Entry
            #if DEBUG
            var badge: String { "debug" }
            #endif
            var body: some View {
                VStack {
                    Text(entry.title).font(.headline)
                    #if os(iOS)
                    Text("iOS only")
                    #else
                    Text("elsewhere")
                    #endif
                }
            }
        }

        struct TitleWidget: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "title", provider: P()) { entry in TitleView(entry: entry) }
                    .supportedFamilies([.systemSmall])
            }
        }
        #endif
        """
        let r = try ImportSupport.importText(swift)
        let view = ImportSupport.component(r.yaml, "TitleView")
        #expect(view.contains(#"text: "{{title}}""#) && view.contains("text: iOS only") && !view.contains("elsewhere"), "\(r.yaml)")
        #expect(r.yaml.contains("systemSmall:"), "\(r.yaml)")
        #expect(try ImportSupport.lintProblems(r.yaml).isEmpty)
    }

    @Test func controlsAloneMakeALayout() throws {
        let swift = """
        import SwiftUI
        import WidgetKit
        struct LightSwitch: ControlWidget {
            var body: some ControlWidgetConfiguration {
                AppIntentControlConfiguration(kind: "lights", provider: Provider()) { value in
                    ControlWidgetToggle("Lights", isOn: value.isOn, action: ToggleLights()) { on in
                        Label(on ? "On" : "Off", systemImage: "flame")
                    }
                }
                .displayName("Lights")
            }
        }
        """
        let r = try ImportSupport.importText(swift)
        #expect(r.yaml.contains("surfaces: {}"), "\(r.yaml)")
        #expect(r.yaml.contains("  - id: lights\n    kind: toggle"), "\(r.yaml)")
        #expect(try ImportSupport.lintProblems(r.yaml).isEmpty, "\(r.yaml)")
    }
}
