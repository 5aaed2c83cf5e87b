// A widget extension written for the importer's tests: the constructs an import used to lose
// silently (a configuration under `if #available` or in a `let`, a named #Preview, a team's own
// background modifier, negative padding, integer division).
import SwiftUI
import WidgetKit

struct StepEntry: TimelineEntry {
    let date: Date
    let steps: Int
}

struct StepView: View {
    let entry: StepEntry
    var body: some View {
        VStack {
            Text("\(entry.steps / 1000)k")
            Text("\(entry.steps)").padding(-4)
        }
        .widgetBackground(Color.blue)
    }
}

extension View {
    func widgetBackground(_ color: Color) -> some View {
        if #available(iOSApplicationExtension 17.0, *) {
            return containerBackground(for: .widget) { color }
        } else {
            return background(color)
        }
    }
}

struct StepWidget: Widget {
    var body: some WidgetConfiguration {
        if #available(iOS 17, *) {
            return StaticConfiguration(kind: "steps", provider: StepProvider()) { entry in
                StepView(entry: entry)
            }
            .supportedFamilies([.systemSmall])
        } else {
            return StaticConfiguration(kind: "steps", provider: StepProvider()) { entry in
                StepView(entry: entry)
            }
            .supportedFamilies([.systemSmall, .systemMedium])
        }
    }
}

struct LetWidget: Widget {
    var body: some WidgetConfiguration {
        let config = StaticConfiguration(kind: "let", provider: StepProvider()) { entry in
            StepView(entry: entry)
        }
        return config.supportedFamilies([.systemLarge])
    }
}

#Preview("Busy day", as: .systemSmall) {
    StepWidget()
} timeline: {
    StepEntry(date: .now, steps: 2340)
}
