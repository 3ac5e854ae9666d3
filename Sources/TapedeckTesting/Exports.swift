// What an app's test code names, and no more: the wire types, the client state, the replayer's
// engine and models, and the JSON tree a model's snapshot is. The checks that run behind
// TapedeckTesting's API (TapedeckChecks: tape checks, goldens, digest traces, coverage, serve
// verification, JUnit) and the tool's conformance checker stay out.
@_exported import TapedeckProtocol
@_exported import TapedeckReplay
@_exported import TapedeckState

@_exported import struct TapedeckCore.JSONPath
@_exported import enum TapedeckCore.JSONValue
