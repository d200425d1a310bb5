/// Why YAML text could not be read, in LibYAML's words: the stage that gave up, what it was reading (the
/// context, where that started) and the problem, where it was found.
public struct YAMLError: Error, Sendable, Equatable {
    /// The stage of reading that found the problem.
    public enum Stage: Sendable, Equatable {
        /// The characters themselves (a control character, a bad UTF-8 sequence).
        case reader
        /// The tokens (an unclosed quote, a tab where indentation is expected).
        case scanner
        /// The structure (a mapping value where none is allowed, an unclosed `[`).
        case parser
        /// The document (an undefined alias, a second document).
        case composer
    }

    /// The stage that found the problem.
    public var stage: Stage
    /// What was being read when the problem was found, as `while scanning a quoted scalar`.
    public var context: String?
    /// Where what was being read started.
    public var contextMark: YAMLMark?
    /// The problem, as `found unexpected end of stream`.
    public var problem: String
    /// Where the problem was found.
    public var problemMark: YAMLMark
    /// The keys a mapping repeats, in order (a composer's error; `problemMark` is where the first is first
    /// written), or none.
    public var duplicateKeys: [String] = []
    /// The most nodes the document may hold with its aliases expanded, when an alias (at `problemMark`) takes it
    /// past them (a composer's error), or nil.
    public var expansionLimit: Int?

    /// Creates an error.
    public init(_ stage: Stage, context: String? = nil, contextMark: YAMLMark? = nil, problem: String, problemMark: YAMLMark) {
        self.stage = stage
        self.context = context
        self.contextMark = contextMark
        self.problem = problem
        self.problemMark = problemMark
    }
}
