import ArgumentParser
import Foundation
import TapedeckCatalog
import TapedeckCore
import TapedeckTape

/// `tapedeck ls`: the tapes of a recording folder's catalog, filtered.
struct LsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ls",
        abstract: "List recorded tapes from a folder's catalog, by label, date and message type.",
        discussion: """
            One line per tape: path, start (UTC), duration, messages, complete or not, labels. \
            --label NAME matches a label of that name; --label KEY=VALUE also its value. --type T matches \
            tapes holding a message of envelope type T (c2s:T or s2c:T for one direction). \
            Exit codes: 0 (also when nothing matches), 1 when the catalog cannot be read, 2 for bad options.
            """)

    @Argument(help: "The recording folder (holding catalog.sqlite).")
    var directory = "Recordings"

    @Option(help: "Only tapes with this label: NAME or KEY=VALUE (repeatable: all must match).")
    var label: [String] = []

    @Option(help: "Only tapes started at or after this UTC time: YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ.")
    var since: String?

    @Option(help: "Only tapes holding a message of this envelope type (c2s:TYPE or s2c:TYPE for one direction).")
    var type: String?

    func validate() throws {
        if let since, Self.sinceMilliseconds(since) == nil {
            throw ValidationError("--since must be YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS[.mmm]Z in UTC (got \"\(since)\").")
        }
    }

    static func sinceMilliseconds(_ text: String) -> Int64? {
        RFC3339.milliseconds(text.count == 10 ? text + "T00:00:00Z" : text)
    }

    func run() throws {
        let path = directory + "/catalog.sqlite"
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure.exit(
                "no catalog at \(path): record into \(directory) or run `tapedeck catalog rebuild \(directory)`", code: 1)
        }
        let catalog: Catalog
        var tapes: [TapeRow]
        do {
            catalog = try Catalog(path: path)
            tapes = try catalog.tapes()
            if let type {
                var direction: String?
                var name = type
                if type.hasPrefix("c2s:") || type.hasPrefix("s2c:") {
                    direction = String(type.prefix(3))
                    name = String(type.dropFirst(4))
                }
                let matching = try catalog.tapePaths(withType: name, direction: direction)
                tapes = tapes.filter { matching.contains($0.path) }
            }
        } catch {
            throw CommandFailure.exit("\(error)", code: 1)
        }
        if let since, let limit = Self.sinceMilliseconds(since) {
            tapes = tapes.filter { (RFC3339.milliseconds($0.startedAt) ?? Int64.min) >= limit }
        }
        for wanted in label {
            tapes = tapes.filter { Self.labels(of: $0).contains { Self.matches(wanted, $0.key, $0.value) } }
        }
        for tape in tapes {
            let labels = Self.labels(of: tape).sorted { $0.key < $1.key }
                .map { $0.value.isEmpty ? $0.key : "\($0.key)=\($0.value)" }.joined(separator: ",")
            let seconds = Double(tape.durationNanoseconds) / 1e9
            print(
                "\(tape.path)  \(tape.startedAt)  \(String(format: "%.1f", seconds))s  \(tape.messageCount) msgs  "
                    + "\(tape.complete ? "complete" : "incomplete")\(labels.isEmpty ? "" : "  " + labels)")
        }
    }

    static func matches(_ wanted: String, _ key: String, _ value: String) -> Bool {
        guard let equals = wanted.firstIndex(of: "=") else { return key == wanted }
        return key == wanted[..<equals] && value == wanted[wanted.index(after: equals)...]
    }

    static func labels(of tape: TapeRow) -> [String: String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(tape.labels.utf8)) as? [String: Any] else { return [:] }
        return object.compactMapValues { $0 as? String }
    }
}
