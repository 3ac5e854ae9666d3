/// What went wrong at a failure. Two failures are "the same" (for `shrink`) when their
/// signatures are equal: same kind and same invariant names, checkpoint, predicate or decode error.
package enum ReproFailureKind: Sendable, Equatable {
    /// Invariants broken after the record, by name (model rules first, then stream rules).
    case invariant([String])
    /// The message did not decode: direction, field path and what the decoder expected.
    case decodeError(String)
    /// A checkpoint's state differs from its golden.
    case checkpointMismatch(String)
    /// The `--until` predicate became true.
    case predicate(String)

    package var signature: String {
        switch self {
        case .invariant(let names): "invariant " + names.joined(separator: ", ")
        case .decodeError(let kind): "decode error " + kind
        case .checkpointMismatch(let name): "checkpoint " + name + " differs from its golden"
        case .predicate(let text): "predicate " + text
        }
    }
}
