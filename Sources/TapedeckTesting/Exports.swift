@_exported import TapedeckProtocol
// An app's test target imports only TapedeckTesting: ClientModel, RecordMode, SnapshotDiff and the
// other replay types come with it.
@_exported import TapedeckReplay
@_exported import TapedeckState
