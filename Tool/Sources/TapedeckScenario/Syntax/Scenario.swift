/// A parsed scenario: its statements with includes already inlined (their statements keep the
/// included file's locations).
package struct Scenario: Sendable, Hashable {
    /// The name shown in reports: the file name without `.scenario`.
    package var name: String
    package var file: String
    package var statements: [ScenarioStatement]
    /// The reference server's faults from the file's `server` line; nil without one.
    package var server: ScenarioServer?

    package init(name: String, file: String, statements: [ScenarioStatement], server: ScenarioServer? = nil) {
        self.name = name
        self.file = file
        self.statements = statements
        self.server = server
    }

    /// `dir/char-creation.scenario` → `char-creation`.
    package static func name(forFile file: String) -> String {
        var base = file.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? file
        if base.hasSuffix(".scenario") { base.removeLast(".scenario".count) }
        return base
    }
}
