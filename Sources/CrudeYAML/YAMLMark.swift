/// A position in YAML text, as LibYAML counts it: `index` in bytes of the UTF-8 text, `line` and `column`
/// from zero, the column in characters (Unicode scalars) from the line's start.
public struct YAMLMark: Sendable, Equatable {
    /// The byte offset in the UTF-8 text.
    public var index: Int
    /// The line, from zero.
    public var line: Int
    /// The column in Unicode scalars, from zero.
    public var column: Int

    /// Creates a mark.
    public init(index: Int, line: Int, column: Int) {
        self.index = index
        self.line = line
        self.column = column
    }
}
