import TapedeckCore
import TapedeckProtocol
import TapedeckState

/// The shape of a client state snapshot, for checking state paths when a scenario is parsed:
/// a default `ClientState` snapshot merged with one of a state filled by sample messages, so that
/// array elements and optional objects have their keys too.
enum StatePathSchema {
    static let shape: JSONValue = {
        var filled = ClientState()
        filled.apply(.opened, at: .zero)
        for sample in StatePathSamples.messages {
            if let message = try? ServerMessage.decode(Array(sample.utf8)) {
                _ = filled.apply(message, at: .zero)
            }
        }
        return merged(ClientState().snapshot(), filled.snapshot())
    }()

    /// Objects merge key by key; an array becomes a one-element array holding the merge of all
    /// elements of both; a null gives way to anything known.
    static func merged(_ a: JSONValue, _ b: JSONValue) -> JSONValue {
        switch (a, b) {
        case (.object(let left), .object(let right)):
            return .object(left.merging(right) { merged($0, $1) })
        case (.array(let left), .array(let right)):
            let all = left + right
            guard let first = all.first else { return .array([]) }
            return .array([all.dropFirst().reduce(first) { merged($0, $1) }])
        case (.null, _): return b
        default: return a
        }
    }

    /// A problem with a state path: which component (0-based) and what is wrong.
    struct Problem {
        var component: Int
        var message: String
        var hint: String?
    }

    /// Checks the path against the shape. Paths under a value whose shape is unknown (null in the
    /// shape, or an empty array) are accepted.
    static func check(_ path: JSONPath, text: String) -> Problem? {
        var current = shape
        var walked = ""
        for (index, component) in path.components.enumerated() {
            let here = walked.isEmpty ? "the state" : "'\(walked)'"
            switch (component, current) {
            case (.key(let key), .object(let members)):
                guard let next = members[key] else {
                    return Problem(
                        component: index, message: "\(here) has no key '\(key)'",
                        hint: Suggestion.hint(for: key, in: members.keys.sorted()))
                }
                current = next
                walked += walked.isEmpty ? key : "." + key
            case (.index(let position), .array(let items)):
                guard let element = items.first else { return nil }
                current = element
                walked += "[\(position)]"
            case (.key(let key), .array):
                return Problem(
                    component: index, message: "\(here) is an array, not an object with key '\(key)'",
                    hint: "index it, as in \(walked)[0].\(key)")
            case (.index, .object):
                return Problem(component: index, message: "\(here) is an object, not an array", hint: nil)
            case (_, .null):
                return nil
            case (_, let scalar):
                return Problem(component: index, message: "\(here) is \(scalar.typeName) and has nothing inside it", hint: nil)
            }
        }
        return nil
    }

    /// The 0-based character offset of each component of a path as written.
    static func componentOffsets(_ text: String) -> [Int] {
        var offsets: [Int] = []
        var startOfKey = true
        for (offset, character) in text.enumerated() {
            if character == "[" {
                offsets.append(offset)
                startOfKey = false
            } else if character == "." {
                startOfKey = true
            } else if character == "]" {
                startOfKey = false
            } else if startOfKey {
                offsets.append(offset)
                startOfKey = false
            }
        }
        return offsets
    }
}
