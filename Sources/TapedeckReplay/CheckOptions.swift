/// How a tape is checked against its goldens.
public struct CheckOptions: Sendable {
    /// When goldens are written.
    public var record: RecordMode
    /// Where the goldens live: nil for `NAME.golden/` beside `NAME.tape` (Tapedeck's own model);
    /// a folder for `FOLDER/NAME/`, so an app's goldens never collide with Tapedeck's.
    public var goldens: String?
    /// State left out of snapshots, goldens, diffs and digests.
    public var filter: SnapshotFilter
    /// How the diffs of mismatched goldens pair array elements: by `id` unless told otherwise.
    public var identity: ArrayIdentity

    /// Options; the defaults write missing goldens only, beside the tape, unfiltered, arrays paired by `id`.
    ///
    /// - Parameters:
    ///   - record: When goldens are written.
    ///   - goldens: The goldens' folder; nil for `NAME.golden/` beside `NAME.tape`.
    ///   - filter: State left out of snapshots, goldens, diffs and digests.
    ///   - identity: How diffs pair array elements.
    public init(
        record: RecordMode = .missing, goldens: String? = nil, filter: SnapshotFilter = .none,
        identity: ArrayIdentity = .standard
    ) {
        self.record = record
        self.goldens = goldens
        self.filter = filter
        self.identity = identity
    }

}
