import TapedeckCore
import TapedeckProtocol

extension SnapshotDiff {
    /// Writes the lines of a diff, collecting the changed paths and element changes as it goes.
    struct Builder {
        /// One child of an object or array: its label, both values (nil on the side that lacks
        /// it), its printed path, its location for `ArrayIdentity`'s patterns, and whether it is an
        /// identified element that moved.
        struct Child {
            var label: String
            var expected: JSONValue?
            var actual: JSONValue?
            var path: String
            var location: [IgnorePattern.Segment]
            var moved = false
        }

        let identity: ArrayIdentity
        var lines: [String] = []
        var paths: [String] = []
        var elementChanges: [ArrayElementChange] = []

        init(identity: ArrayIdentity) { self.identity = identity }

        mutating func render(
            label: String, expected: JSONValue?, actual: JSONValue?, depth: Int, path: String,
            location: [IgnorePattern.Segment]
        ) {
            let indent = String(repeating: "  ", count: depth)
            switch (expected, actual) {
            case (.object(let left)?, .object(let right)?):
                lines.append("  \(indent)\(label){")
                renderMembers(left, right, depth: depth + 1, path: path, location: location)
                lines.append("  \(indent)}")
            case (.array(let left)?, .array(let right)?):
                lines.append("  \(indent)\(label)[")
                if let key = identity.key(forArrayAt: location),
                    let alignment = IdentifiedArrayAlignment(expected: left, actual: right, key: key)
                {
                    renderIdentified(left, right, alignment, key: key, depth: depth + 1, path: path, location: location)
                } else {
                    renderIndexed(left, right, depth: depth + 1, path: path, location: location)
                }
                lines.append("  \(indent)]")
            default:
                paths.append(path)
                if let expected { lines.append("− \(indent)\(label)\(Self.inline(expected, limit: 200))") }
                if let actual { lines.append("+ \(indent)\(label)\(Self.inline(actual, limit: 200))") }
            }
        }

        mutating func renderRootObject(expected: JSONValue, actual: JSONValue) {
            guard case .object(let left) = expected, case .object(let right) = actual else { return }
            renderMembers(left, right, depth: 0, path: "", location: [])
        }

        private mutating func renderMembers(
            _ left: [String: JSONValue], _ right: [String: JSONValue], depth: Int, path: String,
            location: [IgnorePattern.Segment]
        ) {
            let keys = Set(left.keys).union(right.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            renderChildren(
                count: keys.count, changed: { left[keys[$0]] != right[keys[$0]] }, depth: depth,
                child: { index in
                    let key = keys[index]
                    return Child(
                        label: key + ": ", expected: left[key], actual: right[key], path: path.isEmpty ? key : path + "." + key,
                        location: location + [.key(key)])
                })
        }

        /// Element by element at the same index: an array without identity.
        private mutating func renderIndexed(
            _ left: [JSONValue], _ right: [JSONValue], depth: Int, path: String, location: [IgnorePattern.Segment]
        ) {
            func element(_ values: [JSONValue], _ index: Int) -> JSONValue? { index < values.count ? values[index] : nil }
            renderChildren(
                count: max(left.count, right.count), changed: { element(left, $0) != element(right, $0) }, depth: depth,
                child: { index in
                    Child(
                        label: "[\(index)]: ", expected: element(left, index), actual: element(right, index),
                        path: path + "[\(index)]", location: location + [.index(index)])
                })
        }

        /// Element by identity: inserted and removed elements whole, moved ones marked, the fields
        /// of the others compared under `[key=identity]`.
        private mutating func renderIdentified(
            _ left: [JSONValue], _ right: [JSONValue], _ alignment: IdentifiedArrayAlignment, key: String, depth: Int,
            path: String, location: [IgnorePattern.Segment]
        ) {
            let entries = alignment.entries
            func name(_ entry: IdentifiedArrayAlignment.Entry) -> String { "[\(key)=\(alignment.identifier(of: entry))]" }
            func child(_ index: Int) -> Child {
                let entry = entries[index]
                let id = name(entry)
                switch entry {
                case .paired(let before, let after, let moved):
                    return Child(
                        label: moved ? "\(id) (moved from \(before) to \(after)): " : "\(id): ",
                        expected: left[before], actual: right[after], path: path + id, location: location + [.index(after)],
                        moved: moved)
                case .inserted(let after):
                    return Child(label: "\(id): ", actual: right[after], path: path + id, location: location + [.index(after)])
                case .removed(let before):
                    return Child(label: "\(id): ", expected: left[before], path: path + id, location: location + [.index(before)])
                }
            }
            for entry in entries {
                let kind: ArrayElementChange.Kind
                switch entry {
                case .paired(let before, let after, true): kind = .moved(from: before, to: after)
                case .inserted(let after): kind = .inserted(at: after)
                case .removed(let before): kind = .removed(from: before)
                case .paired: continue
                }
                elementChanges.append(ArrayElementChange(path: path + name(entry), kind: kind))
            }
            renderChildren(
                count: entries.count,
                changed: { index in
                    guard case .paired(let before, let after, let moved) = entries[index] else { return true }
                    return moved || left[before] != right[after]
                },
                depth: depth, child: child)
        }

        /// Renders the changed children and their nearest unchanged siblings; runs of other
        /// unchanged children collapse into one `… N unchanged` line.
        private mutating func renderChildren(count: Int, changed: (Int) -> Bool, depth: Int, child: (Int) -> Child) {
            let changes = (0..<count).filter(changed)
            var shown = Set<Int>()
            for index in changes {
                for near in max(0, index - SnapshotDiff.contextSiblings)...min(count - 1, index + SnapshotDiff.contextSiblings) {
                    shown.insert(near)
                }
            }
            let changedSet = Set(changes)
            let indent = String(repeating: "  ", count: depth)
            var hidden = 0
            for index in 0..<count {
                guard shown.contains(index) else {
                    hidden += 1
                    continue
                }
                if hidden > 0 {
                    lines.append("  \(indent)… \(hidden) unchanged")
                    hidden = 0
                }
                let item = child(index)
                if item.moved { paths.append(item.path) }
                if changedSet.contains(index), item.expected != item.actual {
                    render(
                        label: item.label, expected: item.expected, actual: item.actual, depth: depth, path: item.path,
                        location: item.location)
                } else if let expected = item.expected {
                    // Unchanged, or moved with the same fields.
                    lines.append("  \(indent)\(item.label)\(Self.summary(expected))")
                }
            }
            if hidden > 0 { lines.append("  \(indent)… \(hidden) unchanged") }
        }

        /// An unchanged value in one short line: scalars in full (cut), containers by size.
        static func summary(_ value: JSONValue) -> String {
            switch value {
            case .object(let fields): fields.isEmpty ? "{}" : "{ \(fields.count) keys }"
            case .array(let elements): elements.isEmpty ? "[]" : "[ \(elements.count) elements ]"
            default: inline(value, limit: 100)
            }
        }

        /// Compact canonical JSON, cut after `limit` characters.
        static func inline(_ value: JSONValue, limit: Int) -> String {
            let text = value.canonicalJSONString(pretty: false)
            guard text.count > limit else { return text }
            return String(text.prefix(limit)) + "…"
        }
    }
}
