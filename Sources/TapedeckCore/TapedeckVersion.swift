/// The tool version written into every tape header and check result.
public enum TapedeckVersion {
    public static let current = "0.1.0"
}
