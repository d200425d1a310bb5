import Foundation

/// Formats diagnostics for people: the compiler-style line, then (for terminals) the spec line with a
/// caret under the column, then the hint.
public struct DiagnosticFormatter {
    /// Whether to show the source line and caret (for terminals; IDEs and logs read the first line).
    public var showsSource: Bool
    private var sources: [String: [Substring]] = [:]

    public init(showsSource: Bool) {
        self.showsSource = showsSource
    }

    /// The text for one diagnostic, ending without a newline.
    public mutating func format(_ diagnostic: Diagnostic) -> String {
        var text = (diagnostic.location.map { "\($0): " } ?? "") + "\(diagnostic.severity.rawValue): \(diagnostic.message)"
        if showsSource, let location = diagnostic.location, let line = sourceLine(location) {
            let visible = String(line.prefix(200)).replacingOccurrences(of: "\t", with: " ")
            let caretColumn = min(max(location.column - 1, 0), visible.unicodeScalars.count)
            text += "\n" + visible + "\n" + String(repeating: " ", count: caretColumn) + "^"
        }
        if let hint = diagnostic.hint {
            text += "\n    hint: \(hint)"
        }
        return text
    }

    private mutating func sourceLine(_ location: SourceLocation) -> Substring? {
        if sources[location.file] == nil {
            guard let data = FileManager.default.contents(atPath: location.file), data.count < 64 << 20 else { return nil }
            sources[location.file] = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        }
        guard let lines = sources[location.file], location.line >= 1, location.line <= lines.count else { return nil }
        var line = lines[location.line - 1]
        if line.hasSuffix("\r") { line = line.dropLast() }
        return line
    }
}

extension DiagnosticFormatter {
    /// Writes `diagnostics` to standard error, one after the other, with source lines when it is a terminal:
    /// how the command line and the build plugin's tool report.
    public static func writeToStandardError(_ diagnostics: [Diagnostic]) {
        var formatter = DiagnosticFormatter(showsSource: isatty(STDERR_FILENO) != 0)
        for diagnostic in diagnostics {
            FileHandle.standardError.write(Data((formatter.format(diagnostic) + "\n").utf8))
        }
    }
}
