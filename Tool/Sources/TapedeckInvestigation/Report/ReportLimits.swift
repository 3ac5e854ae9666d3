/// How much of a long session the page embeds, so a 100,000-record tape still gives a page a
/// browser opens quickly. The page says which records it holds.
package struct ReportLimits: Sendable, Equatable {
    /// Records embedded from the start of the session.
    package var leadingRows: Int
    /// Records embedded on each side of the first failure.
    package var rowsAroundFailure: Int
    /// Records embedded at the end of the session.
    package var trailingRows: Int
    /// Lines of pretty JSON kept per embedded message.
    package var detailLines: Int
    /// Records shown before and after the failure in its own section.
    package var failureContext: Int

    package init(
        leadingRows: Int = 1000, rowsAroundFailure: Int = 100, trailingRows: Int = 100,
        detailLines: Int = 120, failureContext: Int = 5
    ) {
        self.leadingRows = leadingRows
        self.rowsAroundFailure = rowsAroundFailure
        self.trailingRows = trailingRows
        self.detailLines = detailLines
        self.failureContext = failureContext
    }

    /// The session indices to embed, merged into ordered ranges.
    func ranges(recordCount: Int, failureRow: Int?) -> [ClosedRange<Int>] {
        guard recordCount > 0 else { return [] }
        var wanted: [ClosedRange<Int>] = []
        if leadingRows > 0 { wanted.append(0...min(leadingRows, recordCount) - 1) }
        if let failureRow {
            wanted.append(max(0, failureRow - rowsAroundFailure)...min(recordCount - 1, failureRow + rowsAroundFailure))
        }
        if trailingRows > 0 { wanted.append(max(0, recordCount - trailingRows)...recordCount - 1) }
        var merged: [ClosedRange<Int>] = []
        for range in wanted.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
