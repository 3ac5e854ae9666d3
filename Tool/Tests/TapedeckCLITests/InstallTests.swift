import Foundation
import TapedeckCore
import TapedeckTestFixtures
import TestSupport
import Testing

/// `make install` into a temporary prefix, then the installed binary, its completion scripts in
/// the shells they are for and its manual page through `man` (issue 53). The test installs the
/// debug binary the tests were built with (`INSTALL_BIN`) and the manual page the generate-manual
/// plugin made from it (`make manual MANUAL_CONFIG=debug`, which `make test` runs before the
/// suite): a plain `make install` builds the release instead, which takes many minutes here, and
/// the plugin cannot run inside `swift test`, which holds the build folder's lock.
@Suite(.ownThread) struct InstallTests {
    static let root = ChildProcess.repositoryRoot
    static let manualPage = root + "/Tool/.build/manual/tapedeck.1"

    /// Installs into a new temporary prefix and returns it.
    static func install() async throws -> TestFolder {
        try #require(
            FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck), "no \(ChildProcess.tapedeck): make build")
        try #require(
            FileManager.default.fileExists(atPath: manualPage),
            "no \(manualPage): run `make manual MANUAL_CONFIG=debug` (make test does)")
        let prefix = try TestFolder("tapedeck-install")
        let make = try #require(ChildProcess.which("make"))
        let run = try await ChildProcess.run(
            make,
            ["--no-print-directory", "install", "PREFIX=\(prefix.path)", "INSTALL_BIN=\(ChildProcess.tapedeck)", "INSTALL_DEPS="])
        #expect(run.status == 0, "make install: \(run.standardOutput)\(run.standardError)")
        return prefix
    }

    /// Runs `shell arguments...` (a shell found on the PATH) in `prefix`, away from the repository's
    /// folders (a shell would offer `Scenarios/` for `scen`), with the prefix's `bin` first on the PATH.
    static func shell(_ name: String, _ arguments: [String], in prefix: TestFolder) async throws -> ChildProcess.Finished {
        let shell = try #require(ChildProcess.which(name), "no \(name) on the PATH (make deps installs it)")
        let path = prefix.file("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try await ChildProcess.run(shell, arguments, directory: prefix.path, environment: ["PATH": path])
    }

    @Test func theInstalledToolRunsAndPrintsItsVersion() async throws {
        let prefix = try await Self.install()
        defer { prefix.remove() }
        let version = try await ChildProcess.run(prefix.file("bin/tapedeck"), ["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput == TapedeckVersion.current + "\n")
        let info = try await ChildProcess.run(prefix.file("bin/tapedeck"), ["info", TapedeckBinary.fixtureTape])
        #expect(info.status == 0, "\(info.standardError)")
        #expect(info.standardOutput.contains("records"), "\(info.standardOutput)")
    }

    /// Each shell loads its script from where the prefix puts it and completes a subcommand.
    @Test func theCompletionScriptsCompleteInTheirShells() async throws {
        let prefix = try await Self.install()
        defer { prefix.remove() }
        let bash = try await Self.shell(
            "bash",
            [
                "-c",
                "source \(prefix.file("share/bash-completion/completions/tapedeck")) && complete -p tapedeck && "
                    + "COMP_WORDS=(tapedeck scen) COMP_CWORD=1 COMP_LINE='tapedeck scen' COMP_POINT=13 && "
                    + "_tapedeck tapedeck scen tapedeck && printf '%s\\n' \"${COMPREPLY[@]}\"",
            ], in: prefix)
        #expect(bash.status == 0, "\(bash.standardError)")
        #expect(bash.standardOutput.contains("-F _tapedeck tapedeck"), "\(bash.standardOutput)")
        #expect(bash.standardOutput.split(separator: "\n").contains("scenario"), "\(bash.standardOutput)")

        let zsh = try await Self.shell(
            "zsh",
            [
                "-f", "-c",
                "fpath=(\(prefix.file("share/zsh/site-functions")) $fpath); autoload -Uz compinit; compinit -u -D; "
                    + "print -r -- $_comps[tapedeck]",
            ], in: prefix)
        #expect(zsh.status == 0, "\(zsh.standardError)")
        #expect(zsh.standardOutput == "_tapedeck\n", "\(zsh.standardOutput)\(zsh.standardError)")

        let fish = try await Self.shell(
            "fish",
            [
                "--no-config", "-c",
                "set -p fish_complete_path \(prefix.file("share/fish/vendor_completions.d")); complete -C 'tapedeck scen'",
            ], in: prefix)
        #expect(fish.status == 0, "\(fish.standardError)")
        #expect(
            fish.standardOutput.hasPrefix("scenario\tRun or check scenario scripts"),
            "\(fish.standardOutput)\(fish.standardError)")
    }

    /// `man tapedeck` finds the page under the prefix and shows the commands.
    @Test func theManualPageOpensWithMan() async throws {
        let prefix = try await Self.install()
        defer { prefix.remove() }
        let man = try #require(ChildProcess.which("man"), "no man on the PATH")
        let page = try await ChildProcess.run(
            man, ["-P", "cat", "tapedeck"], environment: ["MANPATH": prefix.file("share/man"), "MANWIDTH": "100"])
        #expect(page.status == 0, "\(page.standardError)")
        #expect(page.standardOutput.contains("Record, replay and check WebSocket sessions"), "\(page.standardOutput.prefix(600))")
        for subcommand in ["record", "scenario", "report"] {
            #expect(page.standardOutput.contains(subcommand), "\(subcommand)")
        }
    }

    /// The Homebrew formula builds the tag of the version the tool prints, through `make install`.
    @Test func theFormulaInstallsThroughTheMakeTarget() throws {
        let formula = try String(contentsOfFile: Self.root + "/Formula/tapedeck.rb", encoding: .utf8)
        #expect(formula.contains(#"system "make", "install", "PREFIX=#{prefix}""#))
        #expect(formula.contains(#"tag: "\#(TapedeckVersion.current)""#))
        #expect(formula.contains(##"shell_output("#{bin}/tapedeck --version")"##))
    }
}
