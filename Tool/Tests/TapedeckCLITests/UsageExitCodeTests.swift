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
        // Issue 41, finding 9: exited 0 and dated the tape 1970.
        (["import", "x.jsonl", "-o", "y.tape", "--created", "garbage"], #"--created: "garbage" is not a UTC time"#),
        (["import", "x.jsonl", "-o", "y.tape", "--created", "0000-01-01T00:00:00Z"], "is before the times a tape may hold"),
        (["check", "--record", "sometimes"], "--record"),
        // Values parsed once by their option types (issue 19): the option is named, with its help.
        (["check", "--shard", "5/4"], "--shard"),
        (["replay", "x.tape", "--until", "soon"], "--until"),
        (["inspect", "x.tape", "--at", "never"], "--at"),
        (["mark", "m", "--control", "nonsense"], "--control"),
        (["serve", "x.tape", "--listen", "nowhere"], "--listen"),
        (["record", "--upstream", "ws://127.0.0.1:1/", "--control", "10.0.0.1:0"], "--control must be a loopback address"),
        // The shared TLS group of record, server and serve.
        (["server", "--tls-cert", "cert.pem"], "--tls-cert and --tls-key go together"),
        (["serve", "x.tape", "--tls-key", "key.pem"], "--tls-cert and --tls-key go together"),
        // serve --verify's options (issue 20).
        (["serve", "x.tape", "--junit", "v.xml"], "--ignore-fields and --junit judge a client: add --verify"),
        (["serve", "x.tape", "--verify", "--timeout", "0"], "--timeout takes a positive number of seconds"),
        (["serve", "x.tape", "--verify", "--ignore-fields", "a..b"], #"--ignore-fields: ignore pattern "a..b", column 3"#),
        // record's two modes (issue 20).
        (["record"], "--upstream URL is needed in reverse mode"),
        (["record", "--mode", "sideways"], "--mode"),
        (
            ["record", "--upstream", "ws://127.0.0.1:1/", "--intercept", "lichun.app"],
            "--intercept, --pass-through and --allow-clients are for --mode forward"
        ),
        (["record", "--upstream", "ws://127.0.0.1:1/", "--pass-through", "*"], "are for --mode forward"),
        // Issue 34, finding 5: numbers that trapped.
        (["serve", "x.tape", "--verify", "--timeout", "2e10"], "--timeout takes a positive number of seconds up to 31536000"),
        (["record", "--upstream", "ws://127.0.0.1:1/", "--threads", "100000"], "--threads must be 1-256"),
        // Issue 34, finding 7: a --max-message over what a tape record holds (4 GiB died at the first connection).
        (
            ["record", "--upstream", "ws://127.0.0.1:1/", "--max-message", "4294967296"],
            "--max-message must be 125-1073741744 bytes"
        ),
        (["record", "--upstream", "ws://127.0.0.1:1/", "--max-message", "1140850688"], "the most a tape record holds"),
        (["server", "--max-message", "4294967296"], "--max-message must be 64-1073741744 bytes"),
        // Issue 34: forward mode's host and client rules.
        (["record", "--mode", "forward", "--intercept", "lichun.app", "--pass-through", "a.*.b"], "a wildcard may only be"),
        (
            ["record", "--mode", "forward", "--intercept", "lichun.app", "--allow-clients", "10.0.0.0/33"],
            "prefix length after / must be 0-32"
        ),
        (["record", "--mode", "forward", "--intercept", "lichun.app", "--allow-clients", "lan"], "lan is not an IP address"),
        (["record", "--mode", "forward"], "--mode forward needs at least one --intercept"),
        (["record", "--mode", "forward", "--intercept", "api.*.lichun.app"], "a wildcard may only be the whole host"),
        (
            ["record", "--mode", "forward", "--intercept", "lichun.app", "--upstream", "ws://127.0.0.1:1/"],
            "--upstream is for reverse mode"
        ),
        (["record", "--mode", "forward", "--intercept", "lichun.app", "--generate-cert"], "are for reverse mode"),
        // The shared catalog group of record and check.
        (["record", "--upstream", "ws://127.0.0.1:1/", "--catalog", "c.sqlite", "--no-catalog"], "cannot be used together"),
        (["check", "--catalog", "c.sqlite", "--no-catalog"], "--catalog and --no-catalog cannot be used together"),
        (["check", "--jobs", "0"], "--jobs must be at least 1"),
        (["report", "--rows=-1", "x.tape", "-o", "/tmp/x.html"], "--rows must be 0 or more"),
        (["dev", "synth", "--messages", "0", "-o", "/tmp/x.tape"], "--messages must be from 1 to 20000000 (got 0)"),
        // Issue 41, finding 8: numbers that trapped or tried to allocate 34-175 GB.
        (
            ["dev", "write-stream", "--out", "/tmp/x.tape", "--flush-interval-ms", "18446744073710"],
            "--flush-interval-ms must be from 1 to 3600000"
        ),
        (["dev", "bench", "protocol", "--messages", "4294967296"], "--messages must be from 1 to 20000000"),
        (["dev", "bench", "replay", "--messages", "9223372036854775807"], "--messages must be from 1 to 20000000"),
        (["dev", "bench", "recorder", "--messages", "4294967296"], "--messages must be from 1 to 20000000"),
        (["dev", "bench", "replay", "--repeats", "100000"], "--repeats must be from 1 to 1000"),
    ])
    func badUsageExitsTwo(arguments: [String], message: String) async throws {
        let run = try await TapedeckBinary.run(arguments)
        #expect(run.status == 2, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
    }

    @Test func helpStillExitsZero() async throws {
        let run = try await TapedeckBinary.run(["check", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("USAGE: tapedeck check"))
    }
}
