import ArgumentParser

/// `--junit FILE`, shared by the commands that judge (`check`, `scenario run`, `serve --verify`):
/// the results also as JUnit XML, for CI. The file is replaced, and may not be one of the inputs.
struct JUnitOption: ParsableArguments {
    @Option(help: ArgumentHelp("Also write the results as JUnit XML to FILE (replaced if it exists).", valueName: "file"))
    var junit: String?
}
