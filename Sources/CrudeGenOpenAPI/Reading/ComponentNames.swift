/// Names for components that reading adds or renames, which OpenAPI 3.0 allows only of `^[a-zA-Z0-9._-]+$`.
struct ComponentNames {
    /// The names taken so far.
    private(set) var taken: Set<String>

    /// Names unique among `taken`.
    init(taken: Set<String> = []) {
        self.taken = taken
    }

    /// A name made of `base` that OpenAPI allows and no other component has: every character it does not
    /// allow becomes `_` (as swagger2openapi renames SendGrid's `domain_authentication:domain_spf`), and a
    /// number follows a name already taken.
    mutating func claim(_ base: String) -> String {
        let allowed = String(String.UnicodeScalarView(base.unicodeScalars.map { Self.isAllowed($0) ? $0 : "_" }))
        let stem = allowed.isEmpty ? "_" : allowed
        var name = stem
        var number = 2
        while taken.contains(name) {
            name = "\(stem)_\(number)"
            number += 1
        }
        taken.insert(name)
        return name
    }

    /// Whether OpenAPI 3.0 allows `name` as a component's name.
    static func isAllowed(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy(isAllowed)
    }

    /// Whether a character may be part of a component's name: an ASCII letter or digit, `.`, `-` or `_`.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
    }
}
