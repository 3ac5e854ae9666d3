import TapedeckCore

/// The encoders write through TapedeckCore's one JSON writer; the alias lets the generated codec
/// files name it without an import of their own.
typealias JSONWriter = TapedeckCore.JSONWriter
