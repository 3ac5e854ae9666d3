import ArgumentParser
import TapedeckReplay

/// `--until` of `replay` and `--at` of `inspect`: a record number (120) or a tape time with a unit
/// (2.5s, 1500ms, 100us, 42ns), parsed once by ArgumentParser.
// Retroactive across our own two packages: the runtime's type cannot know ArgumentParser.
// swift-format-ignore: AvoidRetroactiveConformances
extension ReplayLimit: @retroactive ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}
