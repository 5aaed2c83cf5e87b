import Testing
import WidgetShot
import WidgetGoldens

@Suite("GitHub annotations")
struct GitHubAnnotationTests {
    @Test("Properties and messages are escaped as workflow commands require")
    func escaping() {
        let line = GitHubAnnotation.line("error", file: "Layouts/a,b:c.yaml", line: 3, column: 7, title: "t: x",
                                         message: "100% wrong\nsecond line")
        #expect(line == "::error file=Layouts/a%2Cb%3Ac.yaml,line=3,col=7,title=t%3A x::100%25 wrong%0Asecond line")
    }

    @Test("A lint warning is a ::warning at its location")
    func warning() {
        let d = Diagnostic.warning("text truncates", at: SourceLocation(file: "Layouts/x.yaml", line: 12, column: 5))
        #expect(GitHubAnnotation.diagnostic(d) == "::warning file=Layouts/x.yaml,line=12,col=5,title=widgetshot lint::text truncates")
    }
}
