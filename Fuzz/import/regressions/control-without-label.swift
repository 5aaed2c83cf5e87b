import WidgetKit
struct C: ControlWidget {
    var body: some ControlWidgetConfiguration {
        AppIntentControlConfiguration(kind: "C", provider: P()) { value in
            ControlWidgetButton(action: I()) {
                Label(systemImage: "arrow.clockwise")
            }
        }
    }
}
struct V: View { var body: some View { Text("x") } }
