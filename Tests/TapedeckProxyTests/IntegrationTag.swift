import Testing

extension Tag {
    /// Tests that run the tapedeck binary and real peers for a long while (soak, limits):
    /// `swift test --skip-build --filter` them, or skip them with `--skip` while iterating.
    @Tag static var integration: Self
}
