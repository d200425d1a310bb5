extension GeneratedFile {
    /// One spec's per-type `files` spread over the files `names`, in that order: each type goes to the file
    /// ``shardIndex(of:count:)`` picks from its name alone, and each file is ``combining(_:named:specName:)``
    /// of its types (a file no type hashes to still exists, holding only the header and a comment).
    ///
    /// This is the build plugin's layout. SwiftPM must know a build command's output files before the
    /// generator runs, so their number cannot depend on the spec's contents; assigning types by a hash of
    /// their names keeps every type in the same file whatever else the spec holds, so an edit changes only
    /// the files of the types it touches, and the compiler can spread the files over the cores.
    public static func sharding(_ files: [GeneratedFile], into names: [String], specName: String) -> [GeneratedFile] {
        guard !names.isEmpty else { return [] }
        var shards = Array(repeating: [GeneratedFile](), count: names.count)
        for file in files {
            shards[shardIndex(of: file.typeName, count: names.count)].append(file)
        }
        return zip(names, shards).map { name, members in
            guard !members.isEmpty else {
                // Declared outputs must exist even when no type of the spec hashes to them.
                return GeneratedFile(
                    name: name, specName: specName, declarations: "// No declaration of \(specName) falls into this file; see docs/plugin.md.\n")
            }
            return combining(members, named: name, specName: specName)
        }
    }

    /// Which of `count` files the type `name` goes to: the 64-bit FNV-1a hash of its UTF-8 bytes, modulo
    /// `count`. A fixed function rather than `Hasher`, which is seeded afresh in every process.
    public static func shardIndex(of name: String, count: Int) -> Int {
        precondition(count > 0, "a spec is spread over at least one file")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(count))
    }

    /// The name of the type a per-type file holds: its file name without `.swift`.
    var typeName: String {
        name.hasSuffix(".swift") ? String(name.dropLast(".swift".count)) : name
    }
}
