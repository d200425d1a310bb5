/// A problem found in a spec, reported like a compiler error so that IDEs can jump to it.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable {
        case error
        case warning
    }

    /// Whether generation must stop.
    public var severity: Severity
    /// What is wrong, in one sentence.
    public var message: String
    /// Where it is wrong; `nil` only for problems with no position (such as an unreadable file).
    public var location: SourceLocation?
    /// How to fix it, when there is something useful to say.
    public var hint: String?

    /// Creates an error diagnostic.
    public static func error(_ message: String, at location: SourceLocation?, hint: String? = nil) -> Diagnostic {
        Diagnostic(severity: .error, message: message, location: location, hint: hint)
    }

    /// Creates a warning diagnostic.
    public static func warning(_ message: String, at location: SourceLocation?, hint: String? = nil) -> Diagnostic {
        Diagnostic(severity: .warning, message: message, location: location, hint: hint)
    }

    /// `file:line:col: error: message`, followed by the hint on its own line.
    public var description: String {
        var text = location.map { "\($0): " } ?? ""
        text += "\(severity.rawValue): \(message)"
        if let hint {
            text += "\n    hint: \(hint)"
        }
        return text
    }
}

/// The diagnostics of one run, thrown when any of them is an error.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    /// Every diagnostic, errors and warnings, in source order.
    public var diagnostics: [Diagnostic]

    /// Wraps diagnostics, sorted by location so that output is stable.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sortedBySource()
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic stops generation.
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// Diagnostics ordered by file, line and column; located ones first.
    func sortedBySource() -> [Diagnostic] {
        enumerated().sorted { lhs, rhs in
            switch (lhs.element.location, rhs.element.location) {
            case let (left?, right?) where left != right: return left < right
            case (nil, _?): return false
            case (_?, nil): return true
            default: return lhs.offset < rhs.offset
            }
        }.map(\.element)
    }
}
