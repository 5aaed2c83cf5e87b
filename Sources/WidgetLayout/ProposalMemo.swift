import WidgetModel

/// Answers remembered per layer and proposal. A layer is asked about a handful of distinct
/// proposals (0, ∞, its real share, on one or two axes), so a short list per layer scanned
/// linearly beats a hash table: hashing was most of the cost of a layout.
struct ProposalMemo<Value> {
    private var slots: [[(proposal: ProposedSize, value: Value)]]

    init(layers: Int) {
        slots = Array(repeating: [], count: layers)
    }

    func value(_ layer: Int, _ proposal: ProposedSize) -> Value? {
        for entry in slots[layer] where entry.proposal == proposal {
            return entry.value
        }
        return nil
    }

    mutating func store(_ value: Value, _ layer: Int, _ proposal: ProposedSize) {
        slots[layer].append((proposal, value))
    }
}
