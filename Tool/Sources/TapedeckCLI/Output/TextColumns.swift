extension String {
    /// Spaces before the text up to `width` characters (never cuts): a right-aligned column.
    package func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }

    /// Spaces after the text up to `width` characters (never cuts): a left-aligned column.
    package func rightPadded(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
