import Foundation

/// How far a WidgetShot render is from a picture iOS drew (a simulator snapshot or a device
/// screenshot), element by element.
///
/// Both pictures are cut into *elements*: connected regions of ink, the pixels that differ from the
/// picture's background (the most common colour on its border; a transparent pixel is never ink).
/// Ink closer than `horizontalGap`
/// across or `verticalGap` down joins one element, so a word or a line of text, an icon or a shape
/// is one element each, and the dot of an "i" belongs to its letter. The two sets are aligned (the
/// whole-point shift that overlaps the most ink), then matched greedily by centre distance and size,
/// and each match reports how far its centre and its size are from the reference's, in points.
///
/// Written here rather than taken from a library: element matching between a reference and a render
/// is the product (no image library offers it), and it needs only the pixels the diff engine reads.
public enum Calibration {
    /// What the comparison is told and how tolerant it is.
    public struct Options: Sendable, Equatable {
        /// Pixels per point, the same for both pictures.
        public var scale: Double
        /// A pixel is ink when one channel (premultiplied) differs from the background by more.
        public var inkThreshold: Int = 48
        /// Ink this close across (points) joins one element: letters of a word, words of a line.
        public var horizontalGap: Double = 4
        /// Ink this close down (points) joins one element: an accent or a dot with its letter.
        public var verticalGap: Double = 1.5
        /// Elements smaller than this (square points) are specks, not elements.
        public var minimumArea: Double = 1
        /// Whether to look for the whole-point shift that best overlaps the two pictures.
        public var align = true
        /// The largest shift tried, in points.
        public var maxShift: Double = 12
        /// Centres farther apart than this (points, after alignment) never match.
        public var maxDistance: Double = 16
        /// Whether an element that is mostly one solid colour (a circle, a card) also yields what
        /// sits inside it in another colour (an icon on its circle, a label on its card), each an
        /// element of its own (`innerElements`).
        public var splitByColour = true
        /// A pixel that differs from its region's background (the picture's, or the solid shape it
        /// lies in) by more than this but not by `inkThreshold` is faint ink: a light grey card
        /// border or track on white, a separator, a dark card on black (issue 37). Faint ink makes
        /// elements of its own, apart from the ink (`faintElements`); 0 turns it off.
        public var faintThreshold: Int = 10
        /// Collinear hairline fragments (at most `hairlineWidth` across: the dashes of a dashed
        /// gridline, a gridline's pieces between the bars it passes behind) join one element whose
        /// frame spans them, across gaps where nothing is drawn of at most this many points, and
        /// across gaps other elements cover (`joinHairlines`); 0 turns it off, each piece its own
        /// element (or a speck), as before.
        public var hairlineGap: Double = 3
        /// The thickness (points) a hairline fragment has at most.
        public var hairlineWidth: Double = 1

        public init(scale: Double) { self.scale = scale }
    }

    /// An element's box in points, from the picture's top left.
    public struct Box: Codable, Hashable, Sendable {
        public var x: Double, y: Double, width: Double, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
        public var midX: Double { x + width / 2 }
        public var midY: Double { y + height / 2 }
    }

    /// One reference element and the render's element matched to it. Differences are the render's
    /// minus the reference's, after alignment.
    public struct Match: Codable, Hashable, Sendable {
        public var reference: Box
        public var ours: Box
        public var dx: Double, dy: Double
        public var dWidth: Double, dHeight: Double
        /// What the render drew there, when the caller knows (`text`, `symbol`, `image`, `shape`):
        /// the summaries by kind answer "how far is our text" apart from "how far are our stand-in
        /// symbols".
        public var kind: String?
        /// Distance between the centres (points).
        public var centreError: Double { (dx * dx + dy * dy).squareRoot() }
        /// The width difference as a fraction of the reference's width.
        public var widthError: Double { reference.width > 0 ? dWidth / reference.width : 0 }
    }

    public struct Report: Codable, Sendable {
        public var scale: Double
        /// The shift (points) applied to the render to line it up with the reference.
        public var shiftX: Double, shiftY: Double
        public var referenceElements: Int
        public var ourElements: Int
        public var matches: [Match]
        public var unmatchedReference: [Box]
        public var unmatchedOurs: [Box]

        /// Matched reference elements out of all of them (0 when the reference has none: `compare`
        /// refuses such a reference, and a report read back must not call it a full match).
        public var matchedRatio: Double { referenceElements == 0 ? 0 : Double(matches.count) / Double(referenceElements) }
        public var medianCentreError: Double { Calibration.percentile(matches.map(\.centreError), 0.5) }
        public var p90CentreError: Double { Calibration.percentile(matches.map(\.centreError), 0.9) }
        /// Of |width error|, as fractions.
        public var medianWidthError: Double { Calibration.percentile(matches.map { abs($0.widthError) }, 0.5) }
        public var p90WidthError: Double { Calibration.percentile(matches.map { abs($0.widthError) }, 0.9) }

        /// The matches of one kind, summarised as the whole report is.
        public struct KindSummary: Codable, Hashable, Sendable {
            public var kind: String
            public var matched: Int
            public var medianCentreError: Double, p90CentreError: Double
            public var medianWidthError: Double, p90WidthError: Double
        }

        /// One summary per kind the matches have, in the order text, symbol, image, shape, others.
        public var byKind: [KindSummary] {
            let order = ["text", "symbol", "image", "shape"]
            let kinds = Set(matches.compactMap(\.kind)).sorted { (order.firstIndex(of: $0) ?? 9, $0) < (order.firstIndex(of: $1) ?? 9, $1) }
            return kinds.map { kind in
                let m = matches.filter { $0.kind == kind }
                return KindSummary(kind: kind, matched: m.count,
                                   medianCentreError: Calibration.percentile(m.map(\.centreError), 0.5),
                                   p90CentreError: Calibration.percentile(m.map(\.centreError), 0.9),
                                   medianWidthError: Calibration.percentile(m.map { abs($0.widthError) }, 0.5),
                                   p90WidthError: Calibration.percentile(m.map { abs($0.widthError) }, 0.9))
            }
        }

        enum CodingKeys: String, CodingKey {
            case scale, shiftX, shiftY, referenceElements, ourElements, matches, unmatchedReference, unmatchedOurs
            case matchedRatio, medianCentreError, p90CentreError, medianWidthError, p90WidthError, byKind
        }

        public init(scale: Double, shiftX: Double, shiftY: Double, referenceElements: Int, ourElements: Int,
                    matches: [Match], unmatchedReference: [Box], unmatchedOurs: [Box]) {
            self.scale = scale; self.shiftX = shiftX; self.shiftY = shiftY
            self.referenceElements = referenceElements; self.ourElements = ourElements
            self.matches = matches; self.unmatchedReference = unmatchedReference; self.unmatchedOurs = unmatchedOurs
        }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            self.init(scale: try c.decode(Double.self, forKey: .scale), shiftX: try c.decode(Double.self, forKey: .shiftX),
                      shiftY: try c.decode(Double.self, forKey: .shiftY),
                      referenceElements: try c.decode(Int.self, forKey: .referenceElements),
                      ourElements: try c.decode(Int.self, forKey: .ourElements), matches: try c.decode([Match].self, forKey: .matches),
                      unmatchedReference: try c.decode([Box].self, forKey: .unmatchedReference),
                      unmatchedOurs: try c.decode([Box].self, forKey: .unmatchedOurs))
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(scale, forKey: .scale); try c.encode(shiftX, forKey: .shiftX); try c.encode(shiftY, forKey: .shiftY)
            try c.encode(referenceElements, forKey: .referenceElements); try c.encode(ourElements, forKey: .ourElements)
            try c.encode(matches, forKey: .matches); try c.encode(unmatchedReference, forKey: .unmatchedReference)
            try c.encode(unmatchedOurs, forKey: .unmatchedOurs); try c.encode(matchedRatio, forKey: .matchedRatio)
            try c.encode(medianCentreError, forKey: .medianCentreError); try c.encode(p90CentreError, forKey: .p90CentreError)
            try c.encode(medianWidthError, forKey: .medianWidthError); try c.encode(p90WidthError, forKey: .p90WidthError)
            try c.encode(byKind, forKey: .byKind)
        }
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// Elements beyond this many in one picture: it is not a widget (a photograph, noise), and
    /// matching them would cost quadratic time.
    public static let maxElements = 2_000

    /// Compares `ours` with `reference`; both must be the same size in pixels.
    public static func compare(reference: DiffImage, ours: DiffImage, options: Options) throws(Failure) -> Report {
        if let p = reference.bufferProblem(named: "reference") ?? ours.bufferProblem(named: "render") { throw Failure(description: p) }
        guard reference.width == ours.width, reference.height == ours.height else {
            throw Failure(description: "the reference is \(reference.width)×\(reference.height) px and the render \(ours.width)×\(ours.height) px: they must be the same size")
        }
        guard options.scale > 0, options.scale.isFinite else { throw Failure(description: "scale must be positive, got \(options.scale)") }
        let a = try elements(in: reference, options: options, name: "reference")
        // "0 of 0 matched" is no pass: a blank or one-colour reference measures nothing.
        guard !a.isEmpty else {
            throw Failure(description: "the reference has no elements: no ink differs from its background by more than the ink threshold (\(options.inkThreshold)); a blank or one-colour picture has nothing to calibrate against")
        }
        let b = try elements(in: ours, options: options, name: "render")
        // The shift under which the most ink overlaps, or none, whichever explains more elements
        // (then the smaller median centre error): a large shape or a symbol without a stand-in
        // can pull the ink's best whole-point shift away from where the text lines up.
        var shifts = [(x: 0.0, y: 0.0)]
        if options.align {
            let best = bestShift(reference, ours, options)
            if best != (0, 0) { shifts.insert(best, at: 0) }
        }
        // A shift that only trades errors (lines some elements up by moving others off: a smaller
        // median but a larger 90th percentile or worst error) is no alignment: the elements are
        // reported where they are, each with its own offset (issue 37).
        var chosen: (shift: (x: Double, y: Double), matches: [Match], usedR: Set<Int>, usedO: Set<Int>)?
        for shift in shifts {
            let (matches, usedR, usedO) = match(a, b, shift: shift, options)
            if let c = chosen {
                let errors = matches.map(\.centreError), chosenErrors = c.matches.map(\.centreError)
                let better = matches.count > c.matches.count
                    || (matches.count == c.matches.count && percentile(errors, 0.5) < percentile(chosenErrors, 0.5)
                        && shiftIsNoTrade(errors, chosenErrors, shifted: shift != (0, 0)))
                let worseWithoutTrade = matches.count == c.matches.count && shift == (0, 0)
                    && !shiftIsNoTrade(chosenErrors, errors, shifted: true)
                guard better || worseWithoutTrade else { continue }
            }
            chosen = (shift, matches, usedR, usedO)
        }
        let c = chosen!
        return Report(scale: options.scale, shiftX: c.shift.x, shiftY: c.shift.y, referenceElements: a.count, ourElements: b.count,
                      matches: c.matches,
                      unmatchedReference: a.indices.filter { !c.usedR.contains($0) }.map { a[$0] },
                      unmatchedOurs: b.indices.filter { !c.usedO.contains($0) }.map { b[$0] })
    }

    /// Whether `shifted` errors (under a shift) are no worse than `unshifted` at the 90th percentile
    /// and at the worst: a shift that improves every quantile is an alignment, one that makes the
    /// worst element worse trades errors. Always true when the candidate is not a shift.
    static func shiftIsNoTrade(_ shifted: [Double], _ unshifted: [Double], shifted isShift: Bool) -> Bool {
        guard isShift else { return true }
        return percentile(shifted, 0.9) <= percentile(unshifted, 0.9) + 1e-9
            && (shifted.max() ?? 0) <= (unshifted.max() ?? 0) + 1e-9
    }

    /// Pairs reference elements `a` with the render's `b` moved by `shift`: nearest centres of
    /// similar sizes first, each element used once; sorted top to bottom.
    static func match(_ a: [Box], _ b: [Box], shift: (x: Double, y: Double), _ options: Options)
        -> (matches: [Match], usedR: Set<Int>, usedO: Set<Int>) {
        let shifted = b.map { Box(x: $0.x + shift.x, y: $0.y + shift.y, width: $0.width, height: $0.height) }
        var pairs: [(cost: Double, r: Int, o: Int)] = []
        for (i, r) in a.enumerated() {
            for (j, o) in shifted.enumerated() {
                let dx = o.midX - r.midX, dy = o.midY - r.midY
                let distance = (dx * dx + dy * dy).squareRoot()
                guard distance <= options.maxDistance, similar(r.width, o.width), similar(r.height, o.height) else { continue }
                pairs.append((distance + 0.5 * (abs(o.width - r.width) + abs(o.height - r.height)), i, j))
            }
        }
        pairs.sort { ($0.cost, $0.r, $0.o) < ($1.cost, $1.r, $1.o) }
        var usedR = Set<Int>(), usedO = Set<Int>(), matches: [Match] = []
        for p in pairs where !usedR.contains(p.r) && !usedO.contains(p.o) {
            usedR.insert(p.r); usedO.insert(p.o)
            let r = a[p.r], o = shifted[p.o]
            matches.append(Match(reference: r, ours: b[p.o], dx: o.midX - r.midX, dy: o.midY - r.midY,
                                 dWidth: o.width - r.width, dHeight: o.height - r.height))
        }
        matches.sort { ($0.reference.y, $0.reference.x) < ($1.reference.y, $1.reference.x) }
        return (matches, usedR, usedO)
    }

    /// The elements of one picture, top to bottom, in points.
    public static func elements(in image: DiffImage, options: Options, name: String = "image") throws(Failure) -> [Box] {
        if let p = image.bufferProblem(named: name) { throw Failure(description: p) }
        let bg = background(image)
        let difference = differences(image, from: (Int(bg.0), Int(bg.1), Int(bg.2), Int(bg.3)), over: bg, in: nil, alpha: true)
        let mask = difference.map { Int($0) > options.inkThreshold }
        let gapX = max(0, Int((options.horizontalGap * options.scale).rounded()))
        let gapY = max(0, Int((options.verticalGap * options.scale).rounded()))
        let tooMany = Failure(description: "the \(name) has more than \(maxRuns) runs of ink (Calibration.maxRuns): is it a widget picture? (noise or fine stripes; a larger --gap joins more ink)")
        guard let boxes = components(mask, width: image.width, height: image.height, gapX: gapX, gapY: gapY) else { throw tooMany }
        let s = options.scale
        // Faint ink against the picture's background: what the ink threshold does not see.
        var faint: [PixelBox] = [], specks: [PixelBox] = []
        var anyInk = mask
        if options.faintThreshold > 0, options.faintThreshold < options.inkThreshold {
            for i in anyInk.indices where Int(difference[i]) > options.faintThreshold { anyInk[i] = true }
            guard let f = faintElements(difference, strong: mask, strongBoxes: boxes, width: image.width, height: image.height, options: options)
            else { throw tooMany }
            (faint, specks) = f
        }
        let inner = options.splitByColour ? innerElements(image, mask: anyInk, boxes: boxes + faint, options: options) : []
        let found = joinHairlines(boxes + faint + inner, specks: specks, options: options).map { Box(x: Double($0.x0) / s, y: Double($0.y0) / s, width: Double($0.x1 - $0.x0 + 1) / s,
                                    height: Double($0.y1 - $0.y0 + 1) / s) }
            .filter { $0.width * $0.height >= options.minimumArea }
        guard found.count <= maxElements else {
            throw Failure(description: "the \(name) has \(found.count) elements, more than \(maxElements): is it a widget picture? (a larger --gap joins more ink)")
        }
        return found.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// The share of an element's box its dominant colour must fill for it to count as a solid
    /// shape whose inside is looked at: a circle fills 79 %, a card all of it, a line of text a
    /// third or less (its glyphs' counters are never taken for elements).
    static let solidShare = 0.5
    /// Elements looked inside, at most (the largest first would cost the same): each costs its area.
    static let maxSolidElements = 200

    /// What sits inside a solid element in another colour: the element's pixels (in its box) that
    /// differ from its dominant colour by more than the ink threshold, joined as ink is, keeping
    /// the regions that do not reach the box's edge (the antialiased rim and the corners outside a
    /// circle do). An icon drawn on a tinted circle or a label on a dark card was one element with
    /// its shape, so an icon 20 % too small went unseen (issue 37). (A switch's knob takes more than
    /// half its track, which then is not solid enough to be looked inside.) The shape is the
    /// region's background: what differs from it only faintly (a light track on a light grey card)
    /// is found as faint ink is (`faintElements`). A part that is an element already (the same ink
    /// seen against the picture's background: text on a faint card) is not found twice.
    static func innerElements(_ image: DiffImage, mask: [Bool], boxes: [PixelBox], options: Options) -> [PixelBox] {
        let bg = background(image)
        var found: [PixelBox] = []
        let gapX = max(0, Int((options.horizontalGap * options.scale).rounded()))
        let gapY = max(0, Int((options.verticalGap * options.scale).rounded()))
        let minSide = max(3, Int((2 * options.scale).rounded()))
        for (index, box) in boxes.prefix(maxSolidElements).enumerated() {
            let w = box.x1 - box.x0 + 1, h = box.y1 - box.y0 + 1
            guard w >= 3 * minSide, h >= 3 * minSide else { continue }
            var counts: [Int: Int] = [:]
            for y in box.y0...box.y1 {
                for x in box.x0...box.x1 where mask[y * image.width + x] {
                    let c = seen(image, x, y, over: bg)
                    counts[(c.r >> 3) << 10 | (c.g >> 3) << 5 | (c.b >> 3), default: 0] += 1
                }
            }
            guard let dominant = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }),
                  Double(dominant.value) >= solidShare * Double(w * h) else { continue }
            let d = ((dominant.key >> 10 & 31) << 3 + 4, (dominant.key >> 5 & 31) << 3 + 4, (dominant.key & 31) << 3 + 4, 255)
            let difference = differences(image, from: d, over: bg, in: box, alpha: false)
            let sub = difference.map { Int($0) > options.inkThreshold }
            guard let parts = components(sub, width: w, height: h, gapX: gapX, gapY: gapY) else { continue }
            var faintParts: [PixelBox] = []
            if options.faintThreshold > 0, options.faintThreshold < options.inkThreshold {
                faintParts = faintElements(difference, strong: sub, strongBoxes: parts, width: w, height: h, options: options)?.elements ?? []
            }
            // At least 2 pt each way (an icon, a label), or a line at least 8 pt long and 8 times
            // as long as it is thick (a separator across a white card on a grouped background, a
            // track; not a glyph's stem).
            for part in parts + faintParts where part.x0 > 0 && part.y0 > 0 && part.x1 < w - 1 && part.y1 < h - 1 {
                let long = max(part.x1 - part.x0 + 1, part.y1 - part.y0 + 1), thin = min(part.x1 - part.x0 + 1, part.y1 - part.y0 + 1)
                guard thin >= minSide || (long >= 4 * minSide && long >= 8 * thin) else { continue }
                let inside = PixelBox(x0: box.x0 + part.x0, y0: box.y0 + part.y0, x1: box.x0 + part.x1, y1: box.y0 + part.y1)
                guard !boxes.indices.contains(where: { $0 != index && sameElement(boxes[$0], inside, options) }),
                      !found.contains(where: { sameElement($0, inside, options) }) else { continue }
                found.append(inside)
            }
        }
        return found
    }

    /// Whether two boxes are the same element seen twice: each edge within a halo (a pixel of
    /// antialiasing counted or not) or nine tenths of their union shared.
    static func sameElement(_ a: PixelBox, _ b: PixelBox, _ options: Options) -> Bool {
        let tolerance = halo(options)
        if abs(a.x0 - b.x0) <= tolerance, abs(a.y0 - b.y0) <= tolerance, abs(a.x1 - b.x1) <= tolerance, abs(a.y1 - b.y1) <= tolerance {
            return true
        }
        let w = min(a.x1, b.x1) - max(a.x0, b.x0) + 1, h = min(a.y1, b.y1) - max(a.y0, b.y0) + 1
        guard w > 0, h > 0 else { return false }
        let overlap = Double(w * h)
        let union = Double((a.x1 - a.x0 + 1) * (a.y1 - a.y0 + 1) + (b.x1 - b.x0 + 1) * (b.y1 - b.y0 + 1)) - overlap
        return overlap >= 0.9 * union
    }

    /// The antialiased rim of ink, in pixels (two thirds of a point): faint pixels this close to
    /// ink are its edge, not faint ink of their own.
    static func halo(_ options: Options) -> Int { max(1, Int((options.scale * 2 / 3).rounded())) }

    /// Faint ink in a region (issue 37): the pixels whose `difference` from the region's background
    /// is above `faintThreshold`, that are not ink (`strong`) and not within a halo of it (the
    /// antialiased edges of text and shapes fade through every faint value), joined as ink is.
    /// Regions of less than a square point of pixels are specks. A faint region that runs along
    /// ink on its cross axis (a light track whose filled part is ink) takes the ink in: the
    /// element is the whole track. Also the specks that are thin enough to be a hairline's dashes
    /// (`joinHairlines`: a 1 px dash of a faint dashed gridline is a speck on its own). nil when the
    /// region has more than `maxRuns` runs.
    static func faintElements(_ difference: [UInt8], strong: [Bool], strongBoxes: [PixelBox], width: Int, height: Int,
                              options: Options) -> (elements: [PixelBox], specks: [PixelBox])? {
        let reach = halo(options)
        let near = dilate(strong, width: width, height: height, radius: reach)
        var mask = [Bool](repeating: false, count: width * height)
        for i in mask.indices where Int(difference[i]) > options.faintThreshold && !near[i] { mask[i] = true }
        let gapX = max(0, Int((options.horizontalGap * options.scale).rounded()))
        let gapY = max(0, Int((options.verticalGap * options.scale).rounded()))
        guard let parts = components(mask, width: width, height: height, gapX: gapX, gapY: gapY) else { return nil }
        let minimumPixels = max(4, Int((options.scale * options.scale).rounded()))
        let r = reach + 1
        var found: [(box: PixelBox, took: Set<Int>)] = []
        var specks: [PixelBox] = []
        let thin = hairlinePixels(options)
        for faint in parts {
            // Enclosed by ink: a letter's counter on a light card (the card's colour inside an
            // "O"), the inside of a ring; part of that ink, not an element.
            guard !strongBoxes.contains(where: { $0.x0 - r <= faint.x0 && $0.y0 - r <= faint.y0 && $0.x1 + r >= faint.x1 && $0.y1 + r >= faint.y1 })
            else { continue }
            guard faint.count >= minimumPixels else {
                if thin > 0, min(faint.x1 - faint.x0, faint.y1 - faint.y0) < thin { specks.append(faint) }
                continue
            }
            var part = faint, took = Set<Int>()
            let horizontal = part.x1 - part.x0 >= part.y1 - part.y0
            for (i, s) in strongBoxes.enumerated() where s.x0 <= faint.x1 + r && s.x1 >= faint.x0 - r && s.y0 <= faint.y1 + r && s.y1 >= faint.y0 - r {
                let along = horizontal ? (s.y0 >= faint.y0 - r && s.y1 <= faint.y1 + r) : (s.x0 >= faint.x0 - r && s.x1 <= faint.x1 + r)
                // Ink inside the part's box (a label on a light card) changes nothing.
                guard along, s.x0 < faint.x0 || s.y0 < faint.y0 || s.x1 > faint.x1 || s.y1 > faint.y1 else { continue }
                part = PixelBox(x0: min(part.x0, s.x0), y0: min(part.y0, s.y0), x1: max(part.x1, s.x1), y1: max(part.y1, s.y1),
                                count: part.count)
                took.insert(i)
            }
            // A mark across a track (a pace marker) cuts its faint part in two; both took the mark
            // in, and they are one track.
            if !took.isEmpty, let k = found.firstIndex(where: { !$0.took.isDisjoint(with: took) }) {
                let o = found[k].box
                found[k] = (PixelBox(x0: min(o.x0, part.x0), y0: min(o.y0, part.y0), x1: max(o.x1, part.x1), y1: max(o.y1, part.y1),
                                     count: o.count + part.count), found[k].took.union(took))
            } else {
                found.append((part, took))
            }
        }
        return (found.map(\.box), specks)
    }

    /// `mask` grown by `radius` pixels every way (a square neighbourhood), row then column.
    static func dilate(_ mask: [Bool], width: Int, height: Int, radius: Int) -> [Bool] {
        guard radius > 0, width > 0, height > 0 else { return mask }
        func pass(_ input: [Bool], count: Int, lines: Int, index: (Int, Int) -> Int) -> [Bool] {
            var out = [Bool](repeating: false, count: input.count)
            for line in 0..<lines {
                var last = Int.min / 2   // the position of the last ink seen
                var next = [Int](repeating: Int.max / 2, count: count)
                var upcoming = Int.max / 2
                for i in stride(from: count - 1, through: 0, by: -1) {
                    if input[index(line, i)] { upcoming = i }
                    next[i] = upcoming
                }
                for i in 0..<count {
                    if input[index(line, i)] { last = i }
                    out[index(line, i)] = i - last <= radius || next[i] - i <= radius
                }
            }
            return out
        }
        let rows = pass(mask, count: width, lines: height) { $0 * width + $1 }
        return pass(rows, count: height, lines: width) { $1 * width + $0 }
    }

    /// A pixel as seen: premultiplied, over an opaque background when it is translucent.
    static func seen(_ image: DiffImage, _ x: Int, _ y: Int, over bg: (UInt8, UInt8, UInt8, UInt8)) -> (r: Int, g: Int, b: Int, a: Int) {
        let p = premultiplied(image, x, y)
        guard bg.3 == 255, p.a < 255 else { return (Int(p.r), Int(p.g), Int(p.b), Int(p.a)) }
        let rest = 255 - Int(p.a)
        return (Int(p.r) + (Int(bg.0) * rest + 127) / 255, Int(p.g) + (Int(bg.1) * rest + 127) / 255,
                Int(p.b) + (Int(bg.2) * rest + 127) / 255, 255)
    }

    /// How far each pixel of `box` (the whole picture when nil) is from `colour`: the largest
    /// channel difference as seen (`seen`); with `alpha` (against the picture's background) alpha
    /// too, and 0 where nothing is drawn, which is never ink (`inkMask`).
    static func differences(_ image: DiffImage, from colour: (Int, Int, Int, Int), over bg: (UInt8, UInt8, UInt8, UInt8),
                            in box: PixelBox?, alpha: Bool) -> [UInt8] {
        let b = box ?? PixelBox(x0: 0, y0: 0, x1: image.width - 1, y1: image.height - 1)
        let w = b.x1 - b.x0 + 1
        guard w > 0, b.y1 >= b.y0 else { return [] }
        // A byte a pixel (a difference is at most 255): a 4096² picture takes 16 MB, not 128.
        var out = [UInt8](repeating: 0, count: w * (b.y1 - b.y0 + 1))
        let opaque = bg.3 == 255
        let under = (Int(bg.0), Int(bg.1), Int(bg.2))
        image.pixels.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { out in
                for y in b.y0...b.y1 {
                    var i = (y * image.width + b.x0) * 4, o = (y - b.y0) * w
                    for _ in b.x0...b.x1 {
                        defer { i += 4; o += 1 }
                        // `seen`, written out: this runs once per pixel of the picture.
                        let a = Int(px[i + 3])
                        if alpha && a == 0 { continue }
                        var r = (Int(px[i]) * a + 127) / 255, g = (Int(px[i + 1]) * a + 127) / 255
                        var bl = (Int(px[i + 2]) * a + 127) / 255, aa = a
                        if opaque && a < 255 {
                            let rest = 255 - a
                            r += (under.0 * rest + 127) / 255; g += (under.1 * rest + 127) / 255; bl += (under.2 * rest + 127) / 255
                            aa = 255
                        }
                        var d = max(abs(r - colour.0), abs(g - colour.1), abs(bl - colour.2))
                        if alpha { d = max(d, abs(aa - colour.3)) }
                        out[o] = UInt8(min(d, 255))
                    }
                }
            }
        }
        return out
    }

    /// The value below which `fraction` of `values` lie (nearest rank); 0 for none.
    public static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    // MARK: - Pixels

    /// Within a factor of two (sizes under a point count as a point).
    static func similar(_ a: Double, _ b: Double) -> Bool {
        let x = max(a, 1), y = max(b, 1)
        return x <= 2 * y && y <= 2 * x
    }

    /// The background: the most common premultiplied colour on the picture's border.
    static func background(_ image: DiffImage) -> (UInt8, UInt8, UInt8, UInt8) {
        var counts: [UInt32: Int] = [:]
        func add(_ x: Int, _ y: Int) { counts[premultiplied(image, x, y).packed, default: 0] += 1 }
        for x in 0..<image.width { add(x, 0); add(x, image.height - 1) }
        for y in 0..<image.height { add(0, y); add(image.width - 1, y) }
        let best = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? 0
        return (UInt8(best & 0xFF), UInt8(best >> 8 & 0xFF), UInt8(best >> 16 & 0xFF), UInt8(best >> 24))
    }

    private static func premultiplied(_ image: DiffImage, _ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8, packed: UInt32) {
        let i = (y * image.width + x) * 4
        let a = UInt32(image.pixels[i + 3])
        func p(_ v: UInt8) -> UInt32 { (UInt32(v) * a + 127) / 255 }
        let r = p(image.pixels[i]), g = p(image.pixels[i + 1]), b = p(image.pixels[i + 2])
        return (UInt8(r), UInt8(g), UInt8(b), UInt8(a), r | g << 8 | b << 16 | a << 24)
    }

    /// Ink: the pixels that differ from the picture's background by more than `threshold`
    /// (`differences` against it: nothing drawn is never ink, a widget's rounded corners, an
    /// accessory's backdrop; on an opaque background translucent pixels are seen over it).
    static func inkMask(_ image: DiffImage, threshold: Int) -> [Bool] {
        guard image.width > 0, image.height > 0 else { return [] }
        let bg = background(image)
        return differences(image, from: (Int(bg.0), Int(bg.1), Int(bg.2), Int(bg.3)), over: bg, in: nil, alpha: true).map { Int($0) > threshold }
    }

    struct PixelBox {
        var x0: Int, y0: Int, x1: Int, y1: Int
        /// Pixels of ink in it (runs joined across gaps count their gaps).
        var count = 0
    }

    /// Connected regions of `mask`, where ink up to `gapX` pixels apart across and `gapY` down is
    /// connected: runs per row (joined across small gaps) are united with the overlapping runs of
    /// the rows up to `gapY + 1` above (union–find over runs).
    /// Runs of ink (rows' stretches) one picture may have: a widget at 3x has tens of thousands;
    /// a picture of noise or stripes has millions, each kept until the regions are known.
    public static let maxRuns = 1_000_000

    /// nil when the picture has more than `maxRuns` runs of ink.
    static func components(_ mask: [Bool], width: Int, height: Int, gapX: Int, gapY: Int) -> [PixelBox]? {
        struct Run { var x0: Int, x1: Int, id: Int }
        var parent: [Int] = []
        var boxes: [PixelBox] = []
        func find(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        func union(_ a: Int, _ b: Int) {
            let ra = find(a), rb = find(b)
            guard ra != rb else { return }
            parent[max(ra, rb)] = min(ra, rb)
            let x = boxes[max(ra, rb)], m = min(ra, rb)
            boxes[m] = PixelBox(x0: min(boxes[m].x0, x.x0), y0: min(boxes[m].y0, x.y0), x1: max(boxes[m].x1, x.x1), y1: max(boxes[m].y1, x.y1),
                                count: boxes[m].count + x.count)
        }
        var recent: [[Run]] = []   // the rows above, nearest last
        for y in 0..<height {
            var runs: [Run] = []
            var x = 0
            while x < width {
                guard mask[y * width + x] else { x += 1; continue }
                var end = x
                var probe = x + 1
                while probe < width && probe - end - 1 <= gapX {
                    if mask[y * width + probe] { end = probe }
                    probe += 1
                }
                let id = parent.count
                if id >= maxRuns { return nil }
                parent.append(id)
                boxes.append(PixelBox(x0: x, y0: y, x1: end, y1: y, count: end - x + 1))
                runs.append(Run(x0: x, x1: end, id: id))
                x = end + 1
            }
            // Both rows' runs are sorted and apart, so one sweep per row above finds every
            // overlapping pair (linear in the runs and the pairs, which are fewer than the runs of
            // both rows): testing every pair was quadratic, and a striped 4096² picture at --gap 0
            // ran past 300 s.
            for row in recent {
                var first = 0
                for run in runs {
                    while first < row.count && row[first].x1 + gapX < run.x0 { first += 1 }
                    var k = first
                    while k < row.count && row[k].x0 <= run.x1 + gapX { union(run.id, row[k].id); k += 1 }
                }
            }
            recent.append(runs)
            if recent.count > gapY + 1 { recent.removeFirst() }
        }
        return parent.indices.filter { find($0) == $0 }.map { boxes[$0] }
    }

    /// The whole-point shift of `ours` (within ±maxShift) under which the most ink cells (1 pt
    /// squares holding ink) of the two pictures coincide; no shift on a tie.
    /// The largest side, in cells, of the grid the alignment compares: a larger picture is
    /// compared in coarser cells, so the search costs at most 256² × (2 × 12 + 1)² steps.
    static let alignmentGridSide = 256.0

    static func bestShift(_ reference: DiffImage, _ ours: DiffImage, _ options: Options) -> (x: Double, y: Double) {
        // Cells of whole points, more than one when the picture is large.
        let widest = max(Double(max(reference.width, reference.height, ours.width, ours.height)) / options.scale, 1)
        let cell = max(1, (widest / alignmentGridSide).rounded(.up))
        let pixelsPerCell = options.scale * cell
        func cells(_ image: DiffImage) -> (grid: [Bool], w: Int, h: Int) {
            let mask = inkMask(image, threshold: options.inkThreshold)
            let w = max(1, Int((Double(image.width) / pixelsPerCell).rounded(.up)))
            let h = max(1, Int((Double(image.height) / pixelsPerCell).rounded(.up)))
            var grid = [Bool](repeating: false, count: w * h)
            for y in 0..<image.height {
                for x in 0..<image.width where mask[y * image.width + x] {
                    grid[min(h - 1, Int(Double(y) / pixelsPerCell)) * w + min(w - 1, Int(Double(x) / pixelsPerCell))] = true
                }
            }
            return (grid, w, h)
        }
        let r = cells(reference), o = cells(ours)
        let limit = max(0, Int((options.maxShift / cell).rounded(.up)))
        var best = (score: -1, dx: 0, dy: 0)
        for dy in -limit...limit {
            let rows = max(0, dy)..<max(max(0, dy), min(r.h, o.h + dy))
            for dx in -limit...limit {
                let columns = max(0, dx)..<max(max(0, dx), min(r.w, o.w + dx))
                var score = 0
                for y in rows {
                    for x in columns where r.grid[y * r.w + x] && o.grid[(y - dy) * o.w + (x - dx)] {
                        score += 1
                    }
                }
                let better = score > best.score
                    || (score == best.score && abs(dx) + abs(dy) < abs(best.dx) + abs(best.dy))
                if better { best = (score, dx, dy) }
            }
        }
        return (Double(best.dx) * cell, Double(best.dy) * cell)
    }
}
