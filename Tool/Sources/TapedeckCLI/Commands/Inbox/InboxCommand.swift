import ArgumentParser

/// `tapedeck inbox`: bug reports from the field (docs/REPRO.md, "Reports from the field").
struct InboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox",
        abstract: "Collect, triage and read the bug reports apps' flight recorders send.",
        discussion: """
            `inbox serve` takes uploads from apps' flight recorders, replays each report to its first \
            failure, groups reports by it and serves a page the team reads. `inbox work` runs triage \
            workers only (beside collectors sharing one PostgreSQL). `inbox ls`, `show` and `pull` read \
            the groups and fetch a report's tape for repro, shrink and promote.
            """,
        subcommands: [
            InboxServeCommand.self, InboxWorkCommand.self, InboxLsCommand.self, InboxShowCommand.self,
            InboxPullCommand.self,
        ])
}
