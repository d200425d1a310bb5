import Foundation

/// A resource's member route as generated code gives it (`users/{id}/`, `teams/{*}/members/{id}`): `{id}`
/// marks the id, `{*}` any other parameter. Matches the end of a request's path, so a base URL with a
/// path of its own (`https://host/api/v2`) changes nothing.
struct RoutePattern: Sendable {
    /// Each path segment's literal prefix, whether it holds a parameter, which is the id, and its suffix.
    private let segments: [(prefix: String, parameter: Bool, isID: Bool, suffix: String)]

    /// The pattern of a generated route string.
    init(_ template: String) {
        segments = template.split(separator: "/").map { segment in
            guard let open = segment.firstIndex(of: "{"), let close = segment[open...].firstIndex(of: "}") else {
                return (String(segment), false, false, "")
            }
            let name = segment[segment.index(after: open)..<close]
            return (String(segment[..<open]), true, name == "id", String(segment[segment.index(after: close)...]))
        }
    }

    /// The id segment of `url`'s path (still percent-encoded), when the path ends with this route.
    func id(in url: URL?) -> String? {
        guard let url, let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath else { return nil }
        let parts = path.split(separator: "/")
        guard parts.count >= segments.count else { return nil }
        var id: String?
        for (segment, part) in zip(segments, parts.suffix(segments.count)) {
            if !segment.parameter {
                guard part == segment.prefix else { return nil }
                continue
            }
            guard part.hasPrefix(segment.prefix), part.hasSuffix(segment.suffix), part.count > segment.prefix.count + segment.suffix.count else { return nil }
            if segment.isID { id = String(part.dropFirst(segment.prefix.count).dropLast(segment.suffix.count)) }
        }
        return id
    }
}
