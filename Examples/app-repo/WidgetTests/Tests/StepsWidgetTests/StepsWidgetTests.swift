import Testing
import WidgetShotTesting

/// The steps widget of this app repository (`../Widgets/Layouts/steps.yaml`, found through the
/// repository's `widgetshot.yaml`), as a team tests it: the first run records the references in
/// `__Snapshots__/StepsWidgetTests/`, later runs compare pixels and fail in one line naming the
/// actual and diff PNGs they wrote beside the reference.
@Test func smallWidgetInTheMorning() {
    assertWidgetSnapshot(layout: "steps", surface: .systemSmall, preview: "morning")
}

@Test func smallWidgetInTheEveningDark() {
    assertWidgetSnapshot(layout: "steps", surface: .systemSmall, preview: "evening", scheme: .dark)
}
