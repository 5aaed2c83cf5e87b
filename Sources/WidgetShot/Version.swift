/// The release this build is. CHANGELOG.md has a section per version; bump both together.
///
/// Not `RenderKeyer.engineVersion`: that one changes only when pixels may change, so that caches
/// and goldens stay valid across releases that draw the same.
public enum WidgetShotVersion {
    public static let current = "0.6.0"
}
