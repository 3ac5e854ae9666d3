import ArgumentParser
import TapedeckReplay

/// `--until` of `replay` and `--at` of `inspect`: a record number (120) or a tape time with a unit
/// (2.5s, 1500ms, 100us, 42ns), parsed once by ArgumentParser.
extension ReplayLimit: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}
