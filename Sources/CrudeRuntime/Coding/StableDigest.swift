/// A 64-bit FNV-1a digest of text: the same across runs and platforms, unlike `hashValue`, for names and
/// identities that outlive a process or must not depend on the seed of `Hasher`.
enum StableDigest {
    static func of(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}
