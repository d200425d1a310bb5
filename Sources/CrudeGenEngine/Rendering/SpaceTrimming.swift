extension StringProtocol {
    /// The text without the spaces and tabs at either end: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` removes (Unicode's space separators and the tab), written here so
    /// that the engine needs no Foundation. Line breaks stay.
    func trimmingSpacesAndTabs() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isSpaceOrTab }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isSpaceOrTab })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

extension Unicode.Scalar {
    /// A tab or a space separator (general category Zs: the space, the no-break space, the em space and
    /// their kin).
    fileprivate var isSpaceOrTab: Bool {
        self == "\t" || properties.generalCategory == .spaceSeparator
    }
}
