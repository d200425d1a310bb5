/// Whether a spec's base URL is an absolute URL by RFC 3986: a scheme, `://`, a host, then an optional port,
/// path, query and fragment, written only in the characters URLs allow (others percent-encoded).
///
/// The generated code force-unwraps `URL(string:)` of the base URL, and the URL parsers of Apple's platforms
/// and of Linux differ on text outside RFC 3986 (a space parses on Linux but not on macOS 13), so the check
/// accepts what every platform parses rather than what this machine's Foundation happens to.
enum AbsoluteURLSyntax {
    /// Whether `text` is an absolute URL with a host.
    static func accepts(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let colon = scalars.firstIndex(of: ":"), colon > 0, scalars[0].isASCIILetter,
            scalars[1..<colon].allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || "+-.".unicodeScalars.contains($0) }),
            scalars[(colon + 1)...].starts(with: "//".unicodeScalars)
        else { return false }
        let authorityStart = colon + 3
        let authorityEnd = scalars[authorityStart...].firstIndex { "/?#".unicodeScalars.contains($0) } ?? scalars.endIndex
        return isAuthority(scalars[authorityStart..<authorityEnd]) && isRest(scalars[authorityEnd...])
    }

    /// `[userinfo@]host[:port]` with a host that is not empty and not percent-encoded.
    private static func isAuthority(_ authority: ArraySlice<Unicode.Scalar>) -> Bool {
        var hostAndPort = authority
        if let at = authority.lastIndex(of: "@") {
            guard isEncoded(authority[..<at], allowing: ":") else { return false }
            hostAndPort = authority[(at + 1)...]
        }
        if hostAndPort.first == "[" {
            // An IP literal, such as `[::1]`.
            guard let close = hostAndPort.firstIndex(of: "]"), close > hostAndPort.startIndex + 1,
                hostAndPort[(hostAndPort.startIndex + 1)..<close].allSatisfy({ $0.isASCIIHexDigit || ":.".unicodeScalars.contains($0) })
            else { return false }
            return isPort(hostAndPort[(close + 1)...])
        }
        let colon = hostAndPort.firstIndex(of: ":") ?? hostAndPort.endIndex
        let host = hostAndPort[..<colon]
        // Foundation decodes a percent-encoded host, and has none when the bytes are not UTF-8; a host of an
        // API needs no percent anyway.
        return !host.isEmpty && !host.contains("%") && isEncoded(host, allowing: "") && isPort(hostAndPort[colon...])
    }

    /// Nothing, or `:` and digits.
    private static func isPort(_ port: ArraySlice<Unicode.Scalar>) -> Bool {
        port.isEmpty || (port.first == ":" && port.dropFirst().allSatisfy(\.isASCIIDigit))
    }

    /// The path, query and fragment: path characters, `/` and `?`, with at most one `#`.
    private static func isRest(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
        let hash = rest.firstIndex(of: "#") ?? rest.endIndex
        return isEncoded(rest[..<hash], allowing: ":@/?") && isEncoded(rest[hash...].dropFirst(), allowing: ":@/?")
    }

    /// Whether `part` holds only unreserved characters, sub-delimiters, `others` and `%` with two hex digits.
    private static func isEncoded(_ part: ArraySlice<Unicode.Scalar>, allowing others: String) -> Bool {
        var index = part.startIndex
        while index < part.endIndex {
            let scalar = part[index]
            if scalar == "%" {
                guard index + 2 < part.endIndex, part[index + 1].isASCIIHexDigit, part[index + 2].isASCIIHexDigit else { return false }
                index += 3
                continue
            }
            guard scalar.isASCIILetter || scalar.isASCIIDigit || "-._~!$&'()*+,;=".unicodeScalars.contains(scalar) || others.unicodeScalars.contains(scalar)
            else { return false }
            index += 1
        }
        return true
    }
}

extension Unicode.Scalar {
    /// An ASCII letter, `a` to `z` or `A` to `Z`: what URL schemes and HTTP header names allow, unlike
    /// `Character.isLetter`.
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    /// An ASCII digit, `0` to `9`.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    /// An ASCII hex digit.
    var isASCIIHexDigit: Bool { isASCIIDigit || ("a"..."f").contains(self) || ("A"..."F").contains(self) }
}
