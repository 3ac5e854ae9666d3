/// The tool version written into every tape header and check result.
public enum TapedeckVersion {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
