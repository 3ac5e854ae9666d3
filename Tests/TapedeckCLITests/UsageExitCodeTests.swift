import Testing

/// Every command exits 2 for bad usage, whether ArgumentParser rejects the command line or the
/// command rejects a value, and says what was wrong on standard error.
@Suite struct UsageExitCodeTests {
    @Test(arguments: [
        (["info", "x.tape", "--no-such-option"], "Unknown option '--no-such-option'"),
        (["check", "--shard"], "Missing value for '--shard"),
        (["replay"], "Missing expected argument"),
        (["scenario", "run", "--reference", "--bogus", "x.scenario"], "Unknown option '--bogus'"),
        (["record", "--listen", "nonsense", "--upstream", "ws://127.0.0.1:1/", "--out", "/tmp/x"], "--listen"),
        (["server", "--port", "seventy"], "--port"),
        (["no-such-command"], "Unexpected argument 'no-such-command'"),
        (["check", "--record", "sometimes"], "--record"),
    ])
    func badUsageExitsTwo(arguments: [String], message: String) throws {
        let run = try TapedeckBinary.run(arguments)
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
    }

    @Test func helpStillExitsZero() throws {
        let run = try TapedeckBinary.run(["check", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: tapedeck check"))
    }
}
