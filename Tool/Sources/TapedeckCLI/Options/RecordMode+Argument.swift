import ArgumentParser
import TapedeckReplay

/// `--record missing|all|none`: ArgumentParser lists the three values when another is given.
// Retroactive across our own two packages: the runtime's type cannot know ArgumentParser.
// swift-format-ignore: AvoidRetroactiveConformances
extension RecordMode: @retroactive ExpressibleByArgument {}
