import Testing

extension Tag {
    /// Tests that run real peers over sockets end to end (Python peers, Chromium, the tapedeck
    /// binary as a child process): `swift test --skip-build --filter .integration` runs them,
    /// `--skip .integration` leaves them out while iterating. One tag for every test target.
    @Tag public static var integration: Self
}
