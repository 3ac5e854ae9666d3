import Testing

extension Tag {
    /// Tests that run real peers over sockets (Python peers, child processes) end to end:
    /// `swift test --skip-build --filter` them, or skip them with `--skip` while iterating. The
    /// same tag as TapedeckProxyTests' (Swift Testing matches tags by name).
    @Tag static var integration: Self
}
