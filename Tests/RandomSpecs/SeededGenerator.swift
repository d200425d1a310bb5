/// SplitMix64: the same numbers on every run and machine for a seed, so that a random input a test
/// draws can be drawn again from the seed its failure names.
public struct SeededGenerator: RandomNumberGenerator {
    /// The state; the next number is drawn from it.
    public var state: UInt64

    /// A generator whose numbers follow from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
