import ArgumentParser
import TapedeckReplay

/// `--record missing|all|none`: ArgumentParser lists the three values when another is given.
extension RecordMode: ExpressibleByArgument {}
