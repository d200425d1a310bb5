/// Finds the known names closest to a misspelt one, for "did you mean" hints.
package enum Suggestions {
    /// The candidates within a small edit distance of `name`, closest first.
    package static func closest(to name: String, in candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let lowered = Array(name.lowercased().unicodeScalars)
        let threshold = max(2, lowered.count / 3)
        return
            candidates
            .map { candidate in
                (candidate, editDistance(lowered, Array(candidate.lowercased().unicodeScalars)))
            }
            .filter { candidate, distance in
                distance <= threshold || sharesEnds(lowered, Array(candidate.lowercased().unicodeScalars))
            }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .prefix(limit)
            .map(\.0)
    }

    /// A hint of the form "did you mean `fields`?", or `nil` when nothing is close.
    package static func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String? {
        let names = closest(to: name, in: candidates)
        guard !names.isEmpty else { return nil }
        return "did you mean " + names.map { "`\($0)`" }.joined(separator: " or ") + "?"
    }

    /// Whether a common prefix and suffix cover most of the shorter name (`houseID` ~ `householdID`).
    private static func sharesEnds(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar]) -> Bool {
        let shorter = min(lhs.count, rhs.count)
        guard shorter >= 4 else { return false }
        let prefix = zip(lhs, rhs).prefix { $0 == $1 }.count
        let suffix = zip(lhs.reversed(), rhs.reversed()).prefix { $0 == $1 }.count
        return min(prefix + suffix, shorter) * 10 >= shorter * 7 && prefix >= 2
    }

    /// Levenshtein distance, bounded to short names (longer inputs only need a yes/no).
    private static func editDistance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar]) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        guard lhs.count < 128, rhs.count < 128 else { return lhs == rhs ? 0 : Int.max }
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for (i, left) in lhs.enumerated() {
            current[0] = i + 1
            for (j, right) in rhs.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[rhs.count]
    }
}
