import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckState

/// The state at a point of a tape (`tapedeck inspect`): after record N, or after every record at or
/// before a time, optionally narrowed to the subtree at a path.
package enum StateInspection {
    /// The records replayed and the snapshot after them.
    package static func snapshot(of tape: ReproTape, at limit: ReplayLimit) -> (records: Int, snapshot: JSONValue) {
        let count: Int
        switch limit {
        case .record(let last): count = min(last + 1, tape.records.count)
        case .time(let last): count = tape.records.prefix { $0.time <= last }.count
        }
        let model = ReproSearch().state(of: tape, indices: Array(0..<count))
        return (count, model.snapshot())
    }

    /// The subtree at `path` (e.g. `player.relationships`); throws when the path does not parse or
    /// leads nowhere, naming the deepest part that exists.
    package static func subtree(_ snapshot: JSONValue, path text: String) throws(ReproError) -> JSONValue {
        let path: JSONPath
        do {
            path = try JSONPath(parsing: text)
        } catch {
            throw ReproError("--path: \(error)")
        }
        if let value = snapshot.value(at: path) { return value }
        var found = 0
        while found < path.components.count, snapshot.value(at: JSONPath(components: Array(path.components[...found]))) != nil {
            found += 1
        }
        let existing = JSONPath(components: Array(path.components[..<found]))
        let keys: String
        if case .object(let members)? = snapshot.value(at: existing) {
            keys = "; keys there: " + members.keys.sorted().joined(separator: ", ")
        } else {
            keys = ""
        }
        throw ReproError(
            "--path \(text): no value in the state (\(found == 0 ? "the root" : existing.description) has no \(JSONPath(components: [path.components[found]]).description))\(keys)"
        )
    }
}
