import TapedeckCore
import TapedeckProtocol
import TapedeckState

/// How a message a client sends is compared with the one the tape's client sent: the rules behind
/// `tapedeck serve --verify` and TapedeckTesting's replay socket, in one place.
///
/// Messages of a judged type are compared on their `message` body, with the `ignoring` paths left
/// out and the `formatOnly` paths compared by format: every digit counts as 0 and every number as
/// 0, so a timestamp may carry another time but not another format (`2026-01-01T00:00:02.000Z`
/// against `…T00:00:02Z` is a change).
public struct ClientMessageComparison: Sendable, Equatable {
    /// Paths of the `message` body left out of the comparison; `.none` compares every path.
    public var ignoring: SnapshotFilter
    /// Paths of the body compared by format only (every digit as 0, every number as 0); `.none` for none.
    public var formatOnly: SnapshotFilter
    /// The types judged; nil for all. The reference server's clock control (`advance`) never is.
    public var judgedTypes: Set<String>?

    /// Every judged message compared whole: nothing ignored, nothing by format, every type judged.
    public static let exact = ClientMessageComparison()

    /// The reference server's clock control (`{"type":"advance",...}`, docs/REFERENCE-SERVER.md):
    /// what a live scenario sends to move the server's clock, never the app.
    public static let controlTypes: Set<String> = ["advance"]

    /// A comparison.
    ///
    /// - Parameters:
    ///   - ignoring: Body paths left out of the comparison.
    ///   - formatOnly: Body paths compared by format only.
    ///   - judgedTypes: The message types judged; nil for all (the clock control `advance` never is).
    public init(ignoring: SnapshotFilter = .none, formatOnly: SnapshotFilter = .none, judgedTypes: Set<String>? = nil) {
        self.ignoring = ignoring
        self.formatOnly = formatOnly
        self.judgedTypes = judgedTypes
    }

    /// Whether messages of `type` are judged at all.
    ///
    /// - Parameter type: The message's envelope `type`.
    /// - Returns: False for the reference server's clock control and for types outside `judgedTypes`.
    public func judges(_ type: String) -> Bool {
        !Self.controlTypes.contains(type) && (judgedTypes?.contains(type) ?? true)
    }

    /// The body as it is compared.
    ///
    /// - Parameter body: A message's `message` body.
    /// - Returns: The body with the `ignoring` paths removed and the `formatOnly` paths masked.
    public func comparable(_ body: JSONValue) -> JSONValue {
        ignoring.apply(formatOnly.isEmpty ? body : formatOnly.apply(body, replacing: Self.format))
    }

    /// The lines that show how `sent` differs from `recorded` (whole bodies), nil when they
    /// compare equal. Where a changed path is compared by format, its real recorded and sent values
    /// are shown (not their masks), and a last line says so.
    ///
    /// - Parameters:
    ///   - recorded: The body the tape's client sent.
    ///   - sent: The body the client sends now.
    /// - Returns: `−`/`+` lines of the differences, or nil when the bodies compare equal.
    public func diffLines(recorded: JSONValue, sent: JSONValue) -> [String]? {
        let (maskedRecorded, maskedSent) = (comparable(recorded), comparable(sent))
        guard let masked = SnapshotDiff(expected: maskedRecorded, actual: maskedSent) else { return nil }
        guard !formatOnly.isEmpty else { return masked.lines }
        let (realRecorded, realSent) = (ignoring.apply(recorded), ignoring.apply(sent))
        var lines: [String] = []
        var byFormat: [String] = []
        for path in masked.changedPaths {
            let (was, now) = (realRecorded.value(at: path), realSent.value(at: path))
            // A path the lookup cannot follow (an element by identity): the masked diff as it is.
            guard !path.isEmpty, was != nil || now != nil else { return masked.lines }
            if was != maskedRecorded.value(at: path) || now != maskedSent.value(at: path) { byFormat.append(path) }
            lines.append("− \(path): " + (was.map { $0.canonicalJSONString(pretty: false) } ?? "(none)"))
            lines.append("+ \(path): " + (now.map { $0.canonicalJSONString(pretty: false) } ?? "(none)"))
        }
        guard !byFormat.isEmpty else { return masked.lines }
        return lines + ["(\(byFormat.joined(separator: ", ")) compared by format: every digit counts as 0)"]
    }

    /// A value's format: digits as 0, numbers as 0, the rest as it is.
    static func format(_ value: JSONValue) -> JSONValue {
        switch value {
        case .int, .double: .int(0)
        case .string(let text): .string(String(text.map { $0.isASCII && $0.isNumber ? "0" : $0 }))
        case .array(let elements): .array(elements.map(format))
        case .object(let fields): .object(fields.mapValues(format))
        case .null, .bool: value
        }
    }
}
