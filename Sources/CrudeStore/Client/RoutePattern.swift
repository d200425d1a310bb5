import Foundation

/// A resource's route as generated code gives it (`users/{id}/`, `orgs/{=org_id}/teams/{id}`): `{id}` marks
/// the id, `{=column}` a field kept in that column, `{*}` any other parameter. Matches the end of a
/// request's path, so a base URL with a path of its own (`https://host/api/v2`) changes nothing.
struct RoutePattern: Sendable {
    /// What a path segment's parameter stands for.
    enum Parameter: Hashable, Sendable {
        case id
        case column(String)
        case other
    }

    /// Each path segment's literal prefix, its parameter (if any) and its suffix.
    private let segments: [(prefix: String, parameter: Parameter?, suffix: String)]

    /// The pattern of a generated route string.
    init(_ template: String) {
        segments = template.split(separator: "/").map { segment in
            guard let open = segment.firstIndex(of: "{"), let close = segment[open...].firstIndex(of: "}") else {
                return (String(segment), nil, "")
            }
            let name = segment[segment.index(after: open)..<close]
            let parameter: Parameter = name == "id" ? .id : name.hasPrefix("=") ? .column(String(name.dropFirst())) : .other
            return (String(segment[..<open]), parameter, String(segment[segment.index(after: close)...]))
        }
    }

    /// Each parameter's segment of `url`'s path, percent-decoded, or `nil` when the path does not end with
    /// this route.
    func values(in url: URL?) -> [Parameter: String]? {
        guard let url, let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath else { return nil }
        let parts = path.split(separator: "/")
        guard parts.count >= segments.count else { return nil }
        var values: [Parameter: String] = [:]
        for (segment, part) in zip(segments, parts.suffix(segments.count)) {
            guard let parameter = segment.parameter else {
                guard part == segment.prefix else { return nil }
                continue
            }
            guard part.hasPrefix(segment.prefix), part.hasSuffix(segment.suffix), part.count > segment.prefix.count + segment.suffix.count else { return nil }
            let text = String(part.dropFirst(segment.prefix.count).dropLast(segment.suffix.count))
            values[parameter] = text.removingPercentEncoding ?? text
        }
        return values
    }
}
