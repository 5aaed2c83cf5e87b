import FuzzSupport
import WidgetImport
@main enum FuzzImport { static func main() { FuzzHarness.main(target: "import") { _ in } } }
