import Testing

/// `tapedeck --help` is the user's list: the developers' tools live under `tapedeck dev`, which the
/// list leaves out (issue 19). Measuring decoding on one's own tapes is a user's job: `tapedeck bench`
/// (issue 35); measuring Tapedeck itself stays under `tapedeck dev bench`.
@Suite struct RootHelpTests {
    static let userCommands = [
        "info", "cat", "export", "import", "replay", "check", "history", "repro", "inspect", "shrink",
        "promote", "diff", "report", "scenario", "server", "serve", "record", "ca", "mark", "ls", "tag", "catalog", "bench",
    ]
    static let developerCommands = ["synth", "debug", "dev", "write-stream", "write-synthetic", "recorder-write"]

    @Test func rootHelpListsOnlyTheUsersCommands() async throws {
        let run = try await TapedeckBinary.run(["--help"])
        #expect(run.status == 0)
        let listed = Self.subcommands(in: run.stdout)
        // User commands added later (issue 18's `conform`) may join the list; developer tools never.
        #expect(Set(Self.userCommands).isSubset(of: listed), "\(run.stdout)")
        #expect(listed.isDisjoint(with: Self.developerCommands), "\(run.stdout)")
    }

    @Test func devHelpListsTheDevelopersTools() async throws {
        let run = try await TapedeckBinary.run(["dev", "--help"])
        #expect(run.status == 0)
        let expected: Set = ["bench", "synth", "recorder-write", "write-stream", "write-synthetic"]
        #expect(Self.subcommands(in: run.stdout) == expected, "\(run.stdout)")
    }

    @Test func benchIsTheDecodeBenchmarkAndDevBenchKeepsTheRest() async throws {
        let bench = try await TapedeckBinary.run(["bench", "--help"])
        #expect(bench.status == 0)
        #expect(Self.subcommands(in: bench.stdout) == ["decode"], "\(bench.stdout)")
        let dev = try await TapedeckBinary.run(["dev", "bench", "--help"])
        #expect(dev.status == 0)
        #expect(Self.subcommands(in: dev.stdout) == ["protocol", "replay", "recorder", "inbox"], "\(dev.stdout)")
    }

    @Test func movedCommandsAreGoneFromTheRoot() async throws {
        for command in ["synth", "debug"] {
            let run = try await TapedeckBinary.run([command])
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("Unexpected argument '\(command)'"), "\(command): \(run.stderr)")
        }
    }

    /// The first word of each line of the SUBCOMMANDS section.
    static func subcommands(in help: String) -> Set<String> {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("SUBCOMMANDS:") }) else { return [] }
        var names: Set<String> = []
        for line in lines[(start + 1)...] {
            guard line.hasPrefix("  ") else { if line.isEmpty { continue } else { break } }
            // A wrapped abstract is indented further than the names.
            guard !line.hasPrefix("                "), !line.contains("See '"), let word = line.split(separator: " ").first else {
                continue
            }
            names.insert(String(word))
        }
        return names
    }
}
