/// Every bound WidgetShot puts on what its inputs may cause, in one place: sizes, depths, counts.
///
/// A layout file, a data file, a push or the body of an HTTP request is untrusted input: each of
/// these numbers caps the work or memory one input can cause, and going past one is a located error
/// that names the limit (file:line:col for files, `{"error", "field"}` with a 4xx for requests),
/// never a crash, a hang or gigabytes of memory. docs/limits.md lists the same names and defaults.
///
/// The defaults are far above anything a real widget needs (the delivery layout, the largest we
/// ship, uses well under a tenth of each). They bound memory and stack depth; they do not bound
/// time alone: hundreds of translucent full-surface fills at 4x stay within every limit and take
/// seconds, which is why the server also stops each render at its deadline.
///
/// The HTTP server's own knobs (request sizes, connections, timeouts, the queue, the render
/// deadline, the response cache) are not here: they change no picture, and they are the server's
/// business alone (`ServerLimits`, in WidgetServer).
public struct Limits: Sendable, Equatable {
    // MARK: Files (layouts, data, request bodies)

    /// Bytes in one layout or data file.
    public var documentBytes = 2 * 1024 * 1024
    /// Nesting levels of mappings and sequences in one YAML or JSON document (libyaml and the
    /// composer recurse once per level).
    public var nestingDepth = 256
    /// YAML nodes reached through aliases (`*name`) while reading one document: ten nested aliases
    /// of ten items each would otherwise expand to 10¹⁰ nodes from a few hundred bytes.
    public var aliasExpansions = 10_000
    /// Views nested inside each other once components are expanded. Binding recurses a few
    /// functions per level, and a debug build's frames are large: 256 levels overflowed the stack of
    /// a Swift concurrency pool thread (where a server or a test binds). Real widgets nest under 30.
    public var viewDepth = 64
    /// Length of a preview's `extends` chain.
    public var extendsDepth = 32
    /// Components used inside components (`use:` within a component's view).
    public var componentDepth = 32
    /// View nodes after components and `forEach` are expanded, per surface.
    public var expandedNodes = 5_000
    /// Items one `forEach` repeats.
    public var forEachItems = 500

    // MARK: Expressions and text

    /// Characters in one `{{ … }}` expression or `when:` condition.
    public var expressionLength = 2_000
    /// Nesting of one expression: operators, parentheses, filters and `!`.
    public var expressionDepth = 32
    /// Characters in one bound text, after interpolation: longer text is refused, not laid out.
    /// The renderer also lays out at most this many characters of any text it is given (the rest
    /// is cut with an ellipsis and counts as truncated).
    public var textLength = 5_000
    /// Characters of all the texts of one surface together, once bound: drawing costs about 4 µs a
    /// character, and 500 texts of 4,900 characters from a 16 KB data file took 11 s.
    public var surfaceTextLength = 20_000
    /// Work one bind of one surface may do evaluating conditions and bindings: a step is one
    /// expression or path step, one list item or key looked at by `in`, or 16 bytes of text counted,
    /// compared, searched or copied. Data may hold long lists and strings a layout never shows; this
    /// bounds what thousands of views × long values could cost.
    public var bindSteps = 1_000_000
    /// Work `lint` may spend binding one layout in every surface × preview × scheme × locale
    /// (steps as `bindSteps` counts them, plus views visited); past it lint stops binding and says so.
    public var lintSteps = 20_000_000
    /// Lines the renderer lays out for one text (Pango's cost is per line): no surface is tall
    /// enough to show more, so a text that wraps to more lines is truncated there.
    public var textLines = 500

    /// Views drawn through a compositing group (`opacity` below 1) nested inside each other.
    /// Each group is a buffer as large as the surface (19 MB for an iPad systemExtraLarge at 4x), so
    /// this bounds a render's memory and the compositing work left after a deadline passes.
    public var groupDepth = 8
    /// Times a surface whose views depend on their own size (SwiftUI's `GeometryReader`, a
    /// `Shape`'s `path(in:)`: `Modifier.probe`) is bound and laid out again with the frames the
    /// last pass gave them; the last pass is drawn even if the frames still moved (a warning says so).
    public var layoutPasses = 4
    /// Calls a custom layout (SwiftUI's `Layout` protocol, `ViewKind.custom`) may make in one
    /// layout of a surface: calls into its sizing and placing, and its questions to its children.
    /// A flow layout of 50 children asks a few hundred; past this the layout's remaining calls are
    /// answered without running it (its children stacked at its centre), with a warning.
    public var customLayoutCalls = 100_000
    /// The largest length or distance from the surface's origin a custom layout may return (its
    /// size, a child's position or proposal); NaN, infinities and anything beyond are clamped with a
    /// warning naming the layout. A surface or canvas is a few thousand points at most.
    public var customLayoutExtent = 100_000
    /// Drawing calls (fills, strokes, texts, images) one SwiftUI `Canvas` keeps per render pass;
    /// past it the rest is left out with a warning at the `Canvas`'s line. Each is a node as large
    /// as the canvas: a sparkline or a dial takes tens.
    public var canvasDrawCalls = 5_000

    /// Entries of one widget timeline (`timeline:`'s maxEntries, or an explicit entries file):
    /// each entry is a render of every surface asked for.
    public var timelineEntries = 100

    // MARK: Pushes, filmstrips and previews

    /// Pushes in one sequence: a JSON array of payloads (a request body, a file) or all the files
    /// `widgetshot push` is given, counted before any is parsed. A delivery from order to door is
    /// about ten pushes (the sample sequence has five); each push is checked and drawn in up to six
    /// pictures, and for a filmstrip every picture is kept until the sheet is drawn.
    public var sequencePushes = 50
    /// Values (leaves: anything but a non-empty object or list) in one push's `content-state`,
    /// counted before the push is bound or its keys compared with the layout's paths. A payload
    /// APNs accepts (4,096 bytes) has room for about 680 (`"a":0,` is 6 bytes); a real one, 10 to 30.
    public var pushLeaves = 1_000
    /// Content-state values of all the pushes of one sequence together.
    public var sequenceLeaves = 10_000
    /// Bytes the findings of one push check may take (key paths and messages, counted as they are
    /// found, as the answer and report.json write them). A finding repeats its key path, so deep
    /// paths made a 55 KB body a 5.8 MB answer; a real report takes a few kilobytes.
    public var pushReportBytes = 1024 * 1024
    /// Pixels (width × height) of one rendered picture, known from the surface (or canvas) and the
    /// scale before a pixel is allocated. The largest surface WidgetShot has, the iPad's
    /// systemExtraLarge at 4x, is about 3.6 Mpx; a 2048×2048 pt canvas at 4x (67 Mpx) took 327 MB
    /// and, two at once, more than the deployment's memory limit. Each buffer costs 4 bytes a pixel,
    /// so one render within this costs at most 32 MB a buffer.
    public var renderPixels = 8 * 1024 * 1024
    /// Pixels of all the buffers one render holds at once: the picture and one as large for each
    /// compositing group (`opacity` below 1) nested inside another. With `renderPixels` alone, eight
    /// nested groups on the largest picture would hold 9 × 32 MB; within this a render holds at
    /// most 128 MB, whatever its size (a widget-sized one still nests `groupDepth` groups).
    public var renderBufferPixels = 32 * 1024 * 1024
    /// Pixels (width × height) of one filmstrip sheet (`push`, `timeline`, the gallery's push
    /// section), known from its cells before it is allocated at 4 bytes a pixel. The sample
    /// sequence's filmstrip at the phone's 3x is 18 Mpx (6 columns); this is room for about 25 such
    /// columns at 3x, 50 at the gallery's 2x, in 256 MB.
    public var sheetPixels = 64_000_000
    /// Previews × the surfaces each applies to, in one layout: the gallery and the goldens render
    /// each in light and dark (and more rendering modes). The delivery layout, the largest we ship,
    /// has 121; 2,000 previews in 54 KB would be 6,000 pictures.
    public var previewSurfaces = 1_000

    // MARK: Images

    /// Bytes in one image file an `image:` names.
    public var imageBytes = 8 * 1024 * 1024
    /// Bytes in one symbol SVG (`Icons/NAME.svg`). An SF Symbols export of one symbol, every
    /// weight and scale, is 20–80 KB; librsvg's work grows with the file, and it has no bound of its own.
    public var symbolBytes = 256 * 1024
    /// Elements in one symbol SVG (paths, groups, shapes): an export has a few dozen.
    public var symbolElements = 2_000
    /// Pixels (width × height) in one decoded image.
    public var imagePixels = 4096 * 4096
    /// Bytes in one PNG file a command compares or measures against (a golden, `diff`'s two
    /// files, a `calibrate` reference screenshot), checked before it is read.
    public var pngFileBytes = 32 * 1024 * 1024

    // MARK: The importer (SwiftUI code → a draft layout)

    /// Bytes of Swift source one `widgetshot import` reads, all its files together.
    public var importBytes = 4 * 1024 * 1024
    /// Swift files one import reads (a folder is searched for `.swift` files).
    public var importFiles = 1_000
    /// Views, closures and expressions nested inside each other that the importer follows in Swift
    /// code (it recurses once per level); the draft's views nest no deeper, within `viewDepth`.
    public var importDepth = 48
    /// View nodes one import writes into the draft, surfaces and components together.
    public var importNodes = 4_000
    /// Branches of one `if … else if …` chain the importer translates: branch *n*'s condition
    /// carries the negations of the *n − 1* before it, so a chain's conditions grow with its square
    /// (past the limit the rest of the chain is one placeholder and a TODO).
    public var importBranches = 32
    /// Square brackets nested inside each other in one Swift file the importer reads: the Swift
    /// parser's time doubles with each level (see `BracketDepth`), so a deeper file is skipped with a warning.
    public var importBracketDepth = 12
    /// Generic angle brackets after a name nested in one line (`A<B<C>>`): the Swift parser's
    /// generic-argument lookahead recurses once per `<`, and 1,344 levels of `a<a<…` overflowed the
    /// stack. Real widget code nests three or four.
    public var importGenericDepth = 16
    /// `#if` blocks nested inside each other: the parser skips an inactive block recursively.
    public var importConditionalDepth = 32
    /// Levels of one file's syntax tree (a call, a member access, a closure, a statement each adds
    /// one), measured without recursion once it is parsed and before anything walks it: a chain of
    /// 24,600 `.bold()` parses in a loop but makes a tree that deep, and every walk after recursed
    /// off the stack. A widget file's tree is a few hundred levels deep.
    public var importSyntaxDepth = 4_000
    /// Operands of one operator chain (`a + b + …`, `a ?? b ?? …`, `c ? x : c ? y : …`): folding
    /// the chain into a tree recurses once per operator.
    public var importOperatorChain = 1_000
    /// Seconds one `widgetshot import` may take, reading and parsing included: some inputs make the
    /// Swift parser's time grow with the cube of their size (unterminated `\(` interpolations), and
    /// nothing else bounds it. Past it the import stops with an error naming the file being parsed.
    public var importSeconds = 60.0

    // MARK: Files the commands write

    /// Bytes in a name from input that becomes a file name: a layout's `name:`, a preview's name, a
    /// control's id (see `SafeName`).
    public var nameBytes = 100

    /// Seconds after which a temporary file left beside an output (`.NAME.PID.RANDOM.tmp`) is
    /// removed by the next `gallery`/`record` even if a process with its PID is alive: a write
    /// takes milliseconds, and PIDs are reused.
    public var staleTempFileSeconds = 600.0

    public init() {}

    public static let `default` = Limits()
}
