/// Reports with one signature: how many, since when, in which app versions, and the shrunk
/// tape of one of them (the representative), which `repro` fails on.
package struct InboxGroup: Sendable, Equatable {
    package var id: String
    package var signature: String
    package var count: Int
    /// `receivedAt` of the first and the last report (milliseconds since 1970, UTC).
    package var firstSeen: Int64
    package var lastSeen: Int64
    /// The app versions of its reports (`ReportLabels.version`), sorted.
    package var versions: [String]
    /// The report whose tape was shrunk, and the shrunk tape's key in the blob store; nil until
    /// a worker has stored it.
    package var representative: String?
    package var shrunkKey: String?

    package init(
        id: String, signature: String, count: Int, firstSeen: Int64, lastSeen: Int64, versions: [String],
        representative: String?, shrunkKey: String?
    ) {
        self.id = id
        self.signature = signature
        self.count = count
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.versions = versions
        self.representative = representative
        self.shrunkKey = shrunkKey
    }
}
