/// A zero-size stored property of the larger decoded types (`Person`, `BatchUpdate`, ...): it gives
/// the compiler-made memberwise initialiser a parameter the public initialiser does not have, so a
/// type can have both. The decoders call the memberwise one. It builds the value in place, where a
/// hand-written initialiser of a struct with more than three reference-counted fields copies the
/// whole value once more (a retain and a release per field; Swift 6.3, measured in
/// docs/PERFORMANCE.md). Always equal, so it changes no comparison.
struct MemberwiseInit: Sendable, Equatable {}
