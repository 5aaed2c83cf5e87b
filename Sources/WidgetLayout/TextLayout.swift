import WidgetModel

/// A text sized for one proposal: what the renderer must reproduce.
struct TextOutcome {
    var size: Size
    var font: FontSpec
    var wrapWidth: Double?
    var maxLines: Int?
    var lineCount: Int
    var truncated: Bool
    /// Where the first and last lines' baselines are, in points from the text's top (as drawn).
    var firstBaseline = 0.0
    var lastBaseline = 0.0

    mutating func takeBaselines(of metrics: TextMetrics) {
        (firstBaseline, lastBaseline) = metrics.baselines
    }
}

/// One text layer in one font size and tracking: the font of a text only ever varies by scaling,
/// and by the tightening that absorbs the font difference (`fitWithinFontDifference`).
struct TextFontKey: Hashable {
    var layer: Int
    var fontSize: Double
    var tracking: Double = 0
}

/// A measurement the measurer gave, and what it was asked.
struct TextMeasurement {
    var width: Double?
    var maxLines: Int?
    var metrics: TextMetrics

    /// Whether this answer is also the answer for (`width`, `maxLines`) without asking again.
    /// A layout whose lines all fit a narrower width and a smaller line limit breaks the same
    /// way there: a wider wrap width or more allowed lines change nothing when nothing was cut.
    func answers(width: Double?, maxLines: Int?) -> Bool {
        if width == self.width, maxLines == self.maxLines { return true }
        guard !metrics.truncated else { return false }
        if let maxLines, metrics.lineCount > maxLines { return false }
        guard let width else { return self.width == nil }
        return (self.width ?? .infinity) >= width && metrics.size.width <= width
    }
}

extension LayoutPass {
    /// Font sizes tried when shrinking are on this grid (points), so results are reproducible
    /// and a search costs a handful of measurements.
    static let fontSizeStep = 0.25

    func textOutcome(_ layer: Int, _ text: TextContent, _ p: ProposedSize) -> TextOutcome {
        if let known = textOutcomes.value(layer, p) { return known }
        let outcome = computeTextOutcome(layer, text, p)
        textOutcomes.store(outcome, layer, p)
        return outcome
    }

    private func computeTextOutcome(_ layer: Int, _ text: TextContent, _ p: ProposedSize) -> TextOutcome {
        let width = p.width.flatMap { $0.isFinite ? $0 : nil }
        guard !text.string.isEmpty, text.font.size > 0 else {
            return TextOutcome(size: .zero, font: text.font, wrapWidth: width, maxLines: text.lineLimit,
                               lineCount: 0, truncated: false)
        }
        let original = measureText(layer, text, text.font, width: width, height: p.height)
        if let width, original.truncated || original.lineCount > 1,
           let fitted = fitWithinFontDifference(layer, text, width: width) {
            return fitted
        }
        guard original.truncated, text.minimumScaleFactor < 1 else { return original }
        return shrunk(layer, text, width: width, height: p.height, original: original)
    }

    /// How much wider than the system font the bundled font may draw a line (a fraction of the
    /// line's width) and still be taken for one the system font fits. The fidelity goal's ±2 %
    /// text-width band: lines measured against iOS come to −4.7 … +1.4 % (docs/fidelity.md).
    static let fontDifferenceAllowance = 0.02
    /// Whether every character is one the allowance was measured on: the scripts SF Pro draws and
    /// Inter stands in for (Latin, Greek, Cyrillic, digits, punctuation, currency signs). Hangul,
    /// kana, Han and the other scripts iOS draws in fonts of their own keep truncating as measured.
    static func inSystemFontScripts(_ string: String) -> Bool {
        string.unicodeScalars.allSatisfy { c in
            c.value < 0x0530 || (0x1E00...0x1FFF).contains(c.value) || (0x2000...0x20CF).contains(c.value)
        }
    }

    /// Tries at tightening before giving up (each is one measurement).
    static let tighteningAttempts = 3

    /// No truncation iOS would not draw. A space sized from the system font's measure (a snapshot
    /// of a view at its ideal size, a frame a team chose so the text just fits, a stack that gives
    /// a text exactly what is left) holds the text whole on iOS; the bundled font is up to
    /// `fontDifferenceAllowance` wider, which would cut it ("Setting Butt…") or wrap its last word.
    /// When the text's one unwrapped line is wider than `width` by no more than that, it is drawn
    /// on one line, whole, its tracking tightened by the difference spread over its characters, and
    /// takes `width`. A text whose line needs more than that really runs out of room and is cut (or
    /// wraps) as iOS cuts it. nil: the rule does not apply.
    private func fitWithinFontDifference(_ layer: Int, _ text: TextContent, width: Double) -> TextOutcome? {
        guard width > 0, !text.string.contains("\n"), !text.redacted,
              Self.inSystemFontScripts(text.string) else { return nil }
        let whole = measured(layer, text, text.font, width: nil, maxLines: 1)
        let needed = whole.size.width
        guard !whole.truncated, whole.lineCount == 1, needed > width,
              needed <= width * (1 + Self.fontDifferenceAllowance) else { return nil }
        let characters = Double(max(1, text.string.count))
        var font = text.font
        var perPoint = characters  // width lost per point of tightening, first guess
        var current = needed
        for _ in 0..<Self.tighteningAttempts {
            let step = (current - width) / perPoint + 1e-6
            let before = font.tracking
            font.tracking -= step
            let attempt = measured(layer, text, font, width: nil, maxLines: 1)
            let width2 = attempt.size.width
            if width2 <= width + 1e-9, !attempt.truncated, attempt.lineCount == 1 {
                // Tightened to the width (to a millionth of a point): it takes the width.
                var fitted = TextOutcome(size: Size(width: width, height: SafeNumber.length(attempt.size.height)),
                                         font: font, wrapWidth: width, maxLines: 1, lineCount: 1, truncated: false)
                fitted.takeBaselines(of: attempt)
                return fitted
            }
            let gained = current - width2
            guard gained > 1e-9, (before - font.tracking) > 0 else { return nil }
            perPoint = gained / (before - font.tracking)
            current = width2
        }
        return nil
    }

    /// Lays the text out in `font`, with as many lines as the limit and the proposed height allow.
    private func measureText(_ layer: Int, _ text: TextContent, _ font: FontSpec, width: Double?, height: Double?) -> TextOutcome {
        var maxLines = text.lineLimit
        // Offered no width at all, a text shows one truncated line rather than a column of
        // single characters.
        if let width, width <= 0 { maxLines = 1 }
        if let height, height.isFinite {
            let lineHeight = font.lineHeight ?? singleLineHeight(layer, text, font)
            let spacing = font.lineSpacing.isFinite ? max(0, font.lineSpacing) : 0
            if lineHeight > 0 {
                // A text always shows at least one line, even in a height too small for it; n lines
                // take n line heights and n − 1 spacings.
                let fitting = CheckedNumber.int(((height + spacing) / (lineHeight + spacing) + 1e-9).rounded(.down), clampedTo: 1...1_000_000)
                maxLines = min(maxLines ?? fitting, fitting)
            }
        }
        let metrics = measured(layer, text, font, width: width, maxLines: maxLines)
        var measuredWidth = SafeNumber.length(metrics.size.width)
        if let width { measuredWidth = min(measuredWidth, max(0, width)) }
        var outcome = TextOutcome(size: Size(width: measuredWidth, height: SafeNumber.length(metrics.size.height)),
                                  font: font, wrapWidth: width, maxLines: maxLines,
                                  lineCount: max(0, metrics.lineCount), truncated: metrics.truncated)
        outcome.takeBaselines(of: metrics)
        return outcome
    }

    private func singleLineHeight(_ layer: Int, _ text: TextContent, _ font: FontSpec) -> Double {
        SafeNumber.length(measured(layer, text, font, width: nil, maxLines: 1).size.height)
    }

    /// Stacks probe a text at many proposals that lay it out identically (any height that holds
    /// all its lines, any width wider than its widest line): those share one measurement, which
    /// matters because a real measurement (Pango) costs far more than the layout arithmetic.
    private func measured(_ layer: Int, _ text: TextContent, _ font: FontSpec, width: Double?, maxLines: Int?) -> TextMetrics {
        let key = TextFontKey(layer: layer, fontSize: font.size, tracking: font.tracking)
        if let known = measurements[key]?.first(where: { $0.answers(width: width, maxLines: maxLines) }) {
            return known.metrics
        }
        let metrics = measurer.measure(text, font: font, width: width, maxLines: maxLines)
        measurements[key, default: []].append(TextMeasurement(width: width, maxLines: maxLines, metrics: metrics))
        return metrics
    }

    /// minimumScaleFactor: the largest font size on the 0.25 pt grid (or the minimum itself)
    /// at which nothing is cut; if even the minimum cuts, the minimum, truncated. Bisection
    /// assumes a smaller font never needs more room, which holds for any sane measurer.
    private func shrunk(_ layer: Int, _ text: TextContent, width: Double?, height: Double?, original: TextOutcome) -> TextOutcome {
        let fullSize = text.font.size
        let minimumSize = fullSize * text.minimumScaleFactor
        let step = Self.fontSizeStep
        let gridSteps = CheckedNumber.int(((fullSize - minimumSize) / step + 1e-9).rounded(.down), clampedTo: 0...1_000_000_000)
        let endsOffGrid = fullSize - Double(gridSteps) * step > minimumSize + 1e-9
        let candidateCount = gridSteps + (endsOffGrid ? 1 : 0)
        guard candidateCount > 0 else { return original }

        // Candidate k (1...candidateCount) is k grid steps down; the last one is the minimum.
        func candidate(_ k: Int) -> TextOutcome {
            let size = k == candidateCount ? minimumSize : fullSize - Double(k) * step
            var font = text.font.scaled(size / fullSize)
            font.size = size
            return measureText(layer, text, font, width: width, height: height)
        }

        let smallest = candidate(candidateCount)
        if smallest.truncated { return smallest }
        var cut = 0
        var fits = candidateCount
        var best = smallest
        while fits - cut > 1 {
            let mid = (cut + fits) / 2
            let attempt = candidate(mid)
            if attempt.truncated {
                cut = mid
            } else {
                fits = mid
                best = attempt
            }
        }
        return best
    }
}
