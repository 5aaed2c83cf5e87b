import WidgetModel

/// How a stack shared its major axis for one proposal: what each child was offered and took.
struct StackSolution {
    var proposals: [ProposedSize]
    var sizes: [Size]
    var size: Size
    /// Where each child starts across the stack, from the stack's edge, when the children are
    /// lined up on guide values (AlignmentGuides.swift); nil: by the alignment's fraction.
    var minorOffsets: [Double]? = nil
}

extension LayoutPass {
    /// The HStack/VStack algorithm as objc.io describes it ("How an HStack Lays Out Its Children",
    /// 2020) and the SwiftUI Field Guide's HStack page shows it.
    func stackSolution(_ layer: Int, _ stack: LayoutTree.Stack, _ p: ProposedSize) -> StackSolution {
        if let known = stackSolutions.value(layer, p) { return known }

        let horizontal = stack.axis == .horizontal
        let children = stack.children
        let count = children.count
        let spacingTotal = stack.gaps.reduce(0, +)
        let majorProposal = horizontal ? p.width : p.height
        let minorProposal = horizontal ? p.height : p.width
        func offer(_ major: Double?) -> ProposedSize {
            horizontal ? ProposedSize(width: major, height: minorProposal) : ProposedSize(width: minorProposal, height: major)
        }
        func major(_ s: Size) -> Double { horizontal ? s.width : s.height }

        var proposals = [ProposedSize](repeating: offer(nil), count: count)
        var sizes = [Size](repeating: .zero, count: count)

        if let majorProposal {
            var minimum = [Double](repeating: 0, count: count)
            var flexibility = [Double](repeating: 0, count: count)
            for i in 0..<count {
                let least = major(size(children[i], offer(0)))
                let most = major(size(children[i], offer(.infinity)))
                minimum[i] = least
                flexibility[i] = most.isInfinite ? .infinity : max(0, most - least)
            }
            // Highest priority first; inside a priority, least flexible first; ties in source order.
            let priorities = stack.priorities
            let order = (0..<count).sorted { a, b in
                if priorities[a] != priorities[b] { return priorities[a] > priorities[b] }
                if flexibility[a] != flexibility[b] { return flexibility[a] < flexibility[b] }
                return a < b
            }
            // Minimum lengths of each priority group and of all groups after it, summed from the
            // end so the last group reserves exactly 0.
            var groupEnds: [Int] = []
            var groupMinimums: [Double] = []
            var start = 0
            while start < count {
                var end = start
                var sum = 0.0
                while end < count, priorities[order[end]] == priorities[order[start]] {
                    sum += minimum[order[end]]
                    end += 1
                }
                groupEnds.append(end)
                groupMinimums.append(sum)
                start = end
            }
            var reservedAfter = [Double](repeating: 0, count: groupEnds.count)
            var running = 0.0
            for g in stride(from: groupEnds.count - 1, through: 0, by: -1) {
                reservedAfter[g] = running
                running += groupMinimums[g]
            }

            var remaining = max(0, majorProposal - spacingTotal)
            start = 0
            for g in 0..<groupEnds.count {
                let end = groupEnds[g]
                var groupRemaining = Self.subtract(reservedAfter[g], from: remaining)
                for k in start..<end {
                    let child = order[k]
                    let share = groupRemaining == .infinity ? .infinity : max(0, groupRemaining / Double(end - k))
                    proposals[child] = offer(share)
                    sizes[child] = size(children[child], proposals[child])
                    groupRemaining = Self.subtract(major(sizes[child]), from: groupRemaining)
                }
                remaining = groupRemaining + reservedAfter[g]
                start = end
            }
        } else {
            for i in 0..<count {
                sizes[i] = size(children[i], proposals[i])
            }
        }

        var majorTotal = spacingTotal
        var minorMax = 0.0
        for s in sizes {
            majorTotal += major(s)
            minorMax = max(minorMax, horizontal ? s.height : s.width)
        }
        var minorOffsets: [Double]?
        if alignsByGuides(stack.guide) {
            // Lined up on the guide, the children may span more than the tallest (a large number's
            // baseline beside a small caption's).
            let values = children.indices.map { guideValue(children[$0], stack.guide, proposals[$0]) }
            let lined = Self.lineUp(sizes.map { horizontal ? $0.height : $0.width }, values)
            minorMax = lined.length
            minorOffsets = lined.starts
        }
        let total = horizontal ? Size(width: majorTotal, height: minorMax) : Size(width: minorMax, height: majorTotal)
        let solution = StackSolution(proposals: proposals, sizes: sizes, size: total, minorOffsets: minorOffsets)
        stackSolutions.store(solution, layer, p)
        return solution
    }

    /// Subtraction that keeps an unbounded remainder unbounded (a probe at ∞ must not turn into
    /// ∞ − ∞ = NaN when a flexible child answers ∞).
    static func subtract(_ amount: Double, from value: Double) -> Double {
        value == .infinity ? .infinity : value - amount
    }

    /// Children in source order along the major axis, aligned on the minor axis.
    ///
    /// A stack asked for its ideal size across its minor axis (nil there: under `fixedSize()`,
    /// or at a root whose height follows content) places its children with the minor length it
    /// actually took, as SwiftUI does: so in `VStack { a.frame(maxWidth: .infinity); b… }
    /// .fixedSize()` every flexible child is as wide as the widest ideal width (equal-width
    /// buttons), not its own ideal.
    func placeStackChildren(_ layer: Int, _ stack: LayoutTree.Stack, _ p: ProposedSize, in rect: Rect) -> [PlacedNode] {
        let (solution, origins) = stackChildOrigins(layer, stack, p, at: rect.origin)
        var placed: [PlacedNode] = []
        placed.reserveCapacity(stack.children.count)
        for (i, child) in stack.children.enumerated() {
            if let node = place(child, solution.proposals[i], at: origins[i]) {
                placed.append(node)
            }
        }
        return placed
    }

    /// The solution a stack sized for `p` places its children with, and where each child goes
    /// when the stack's top-left corner is at `corner`.
    func stackChildOrigins(_ layer: Int, _ stack: LayoutTree.Stack, _ p: ProposedSize, at corner: Point = .zero) -> (StackSolution, [Point]) {
        let horizontal = stack.axis == .horizontal
        let bounds = size(layer, p)
        var p = p
        if horizontal, p.height == nil { p.height = bounds.height }
        if !horizontal, p.width == nil { p.width = bounds.width }
        let solution = stackSolution(layer, stack, p)
        var origins: [Point] = []
        origins.reserveCapacity(stack.children.count)
        var cursor = horizontal ? corner.x : corner.y
        for i in stack.children.indices {
            let s = solution.sizes[i]
            if horizontal {
                origins.append(Point(x: cursor, y: corner.y + (solution.minorOffsets?[i] ?? (bounds.height - s.height) * stack.alignment)))
                cursor += s.width + (i < stack.gaps.count ? stack.gaps[i] : 0)
            } else {
                origins.append(Point(x: corner.x + (solution.minorOffsets?[i] ?? (bounds.width - s.width) * stack.alignment), y: cursor))
                cursor += s.height + (i < stack.gaps.count ? stack.gaps[i] : 0)
            }
        }
        return (solution, origins)
    }
}
