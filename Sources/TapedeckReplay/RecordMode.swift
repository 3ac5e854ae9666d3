/// When goldens are written, as in snapshot testing.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Write goldens that do not exist yet (and fail the run that wrote them); compare the others.
    case missing
    /// Rewrite every golden that differs or is missing (and fail the run that wrote them).
    case all
    /// Never write: a missing golden fails. For CI.
    case none
}
