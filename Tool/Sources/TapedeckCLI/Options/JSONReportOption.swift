import ArgumentParser

/// `--json`, shared by the commands that print one report (`info`, `replay`, `conform`,
/// `coverage`): the same report as one JSON object instead of text.
struct JSONReportOption: ParsableArguments {
    @Flag(help: "Print the report as one JSON object instead of text.")
    var json = false
}
