/// Dashed and interrupted hairlines, one element each (issue 34's measurement).
///
/// iOS draws Swift Charts' date gridlines dashed and its value gridlines behind the bars. Measured
/// on home-assistant's 3x energy snapshots: a dash is 2 px wide and 5 px long where it reaches the
/// faint threshold (244 on 255), 6–7 px from the next (2–2.33 pt), a gridline's crossing with
/// another takes a dash (a 19 px gap, covered by the crossing line), and the pieces of a value
/// gridline between two bars are 6–7 px long and 2 px thick. Each was an element of its own
/// (1,600 of the 3,649 elements of the 70 pictures), matched or not as its antialiasing fell. A
/// designer sees one line: so do these rules, on both pictures alike.
extension Calibration {
    /// How far (points) two hairline fragments' centres may lie apart across the line and still
    /// be one line: a pixel or two of antialiasing at 3x; parallel gridlines are points apart.
    public static let hairlineAlignment = 0.5

    /// Pieces (elements and thin faint specks) one picture's hairlines are looked for among, at
    /// most: joining costs pieces × the elements that may cover a gap. Past it the specks are left
    /// out (specks alone, as before the rule), and past it with elements alone nothing is joined (a
    /// picture of that many elements is refused by `maxElements` anyway).
    public static let maxHairlinePieces = 4_000

    /// The thickness of a hairline fragment at most, in pixels; 0 when joining is off.
    static func hairlinePixels(_ options: Options) -> Int {
        guard options.hairlineGap > 0, options.hairlineWidth > 0, options.scale.isFinite else { return 0 }
        return max(1, Int((options.hairlineWidth * options.scale).rounded()))
    }

    /// `boxes` with their collinear hairline fragments joined. A fragment is a box at most
    /// `hairlineWidth` thick (vertical when taller than wide, else horizontal); fragments whose
    /// centres lie within `hairlineAlignment` across and that follow one another along the line,
    /// each gap either at most `hairlineGap` long or covered by other elements but for stretches
    /// that short (a line passing behind bars), are one element spanning them. `specks` (faint
    /// fragments under the speck size) join lines of two or more pieces and are dropped alone.
    /// What is not thin (a word, a bar, a card) never joins, so a dotted underline stays apart
    /// from its text.
    static func joinHairlines(_ boxes: [PixelBox], specks: [PixelBox], options: Options) -> [PixelBox] {
        let thin = hairlinePixels(options)
        guard thin > 0, boxes.count <= maxHairlinePieces else { return boxes }
        let thinSpecks = boxes.count + specks.count <= maxHairlinePieces ? specks : []
        let gap = Int((options.hairlineGap * options.scale).rounded())
        let tolerance = max(1, Int((hairlineAlignment * options.scale).rounded()))
        let all = boxes + thinSpecks
        var joined = Set<Int>()   // indices of `all` that ended in a line of two or more
        var lines: [PixelBox] = []
        for vertical in [false, true] {
            // Along and across a box, for this orientation.
            func along(_ b: PixelBox) -> (Int, Int) { vertical ? (b.y0, b.y1) : (b.x0, b.x1) }
            func across(_ b: PixelBox) -> (Int, Int) { vertical ? (b.x0, b.x1) : (b.y0, b.y1) }
            let fragments = all.indices.filter { i in
                let b = all[i], w = b.x1 - b.x0 + 1, h = b.y1 - b.y0 + 1
                return vertical ? (w <= thin && h > w) : (h <= thin && w >= h)
            }
            let fragmentSet = Set(fragments)
            // What may cover a gap: every other element (specks cover nothing).
            let covers = boxes.indices.filter { !fragmentSet.contains($0) }.map { boxes[$0] }
            // Lines so far: their pieces, their extent along, and the first piece's centre across (× 2).
            var chains: [(pieces: [Int], start: Int, end: Int, centre: Int)] = []
            // The latest line at each centre (× 2): pieces come in order along, so an earlier line
            // at the same centre is behind it.
            var latest: [Int: Int] = [:]
            for i in fragments.sorted(by: { (along(all[$0]).0, across(all[$0]).0) < (along(all[$1]).0, across(all[$1]).0) }) {
                let (a0, a1) = along(all[i]), (c0, c1) = across(all[i])
                let centre = c0 + c1
                let candidate = ((centre - 2 * tolerance)...(centre + 2 * tolerance)).compactMap { latest[$0] }.filter { k in
                    bridged(from: chains[k].end, to: a0, across: (c0, c1), covers: covers, vertical: vertical, gap: gap)
                }.min { (abs(chains[$0].centre - centre), $0) < (abs(chains[$1].centre - centre), $1) }
                if let k = candidate {
                    chains[k].pieces.append(i); chains[k].end = max(chains[k].end, a1)
                } else {
                    chains.append(([i], a0, a1, centre))
                    latest[centre] = chains.count - 1
                }
            }
            for chain in chains where chain.pieces.count > 1 {
                let pieces = chain.pieces.map { all[$0] }
                joined.formUnion(chain.pieces)
                lines.append(PixelBox(x0: pieces.map(\.x0).min()!, y0: pieces.map(\.y0).min()!,
                                      x1: pieces.map(\.x1).max()!, y1: pieces.map(\.y1).max()!,
                                      count: pieces.reduce(0) { $0 + $1.count }))
            }
        }
        return boxes.indices.filter { !joined.contains($0) }.map { boxes[$0] } + lines
    }

    /// Whether the stretch after `end` up to `start` (along a line lying `across`) has no run
    /// longer than `gap` pixels that no box of `covers` lies over. A box covers where it overlaps
    /// the line across at all: home-assistant's dark zero line runs along the bars' last row.
    static func bridged(from end: Int, to start: Int, across: (Int, Int), covers: [PixelBox], vertical: Bool, gap: Int) -> Bool {
        let first = end + 1, last = start - 1
        guard last - first + 1 > gap else { return true }
        var spans: [(Int, Int)] = []
        for b in covers {
            let (c0, c1) = vertical ? (b.x0, b.x1) : (b.y0, b.y1)
            let (a0, a1) = vertical ? (b.y0, b.y1) : (b.x0, b.x1)
            guard c0 <= across.1, c1 >= across.0, a1 >= first, a0 <= last else { continue }
            spans.append((max(a0, first), min(a1, last)))
        }
        var reached = first   // the first pixel not yet known to be covered
        for (a0, a1) in spans.sorted(by: { $0.0 < $1.0 }) {
            if a0 - reached > gap { return false }
            reached = max(reached, a1 + 1)
        }
        return last + 1 - reached <= gap
    }
}
