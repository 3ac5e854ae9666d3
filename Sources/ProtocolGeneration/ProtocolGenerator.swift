import Foundation

/// Everything generated from the schema, as paths relative to the package root and their
/// contents. `write` puts them in place; `stale` lists the ones that differ from the files on
/// disk (the generated-files test and `tapedeck-generate --check`).
public struct ProtocolGenerator {
    public static let schemaPath = "Protocol/baolife.schema.json"
    public static let protocolDocPath = "docs/PROTOCOL.md"

    public let schema: ProtocolSchema

    public init(schema: ProtocolSchema) { self.schema = schema }

    /// The generated Swift sources, by path.
    public func sources() -> [(path: String, text: String)] {
        var files: [(String, String)] = []
        for group in schema.groups {
            files.append(("Sources/TapedeckProtocol/\(group.swiftFile)", ModelWriter(group: group, schema: schema).source()))
            files.append(("Sources/TapedeckProtocol/Codec/\(group.file)+Wire.swift", CodecWriter(group: group).source()))
        }
        for direction in [schema.server, schema.client] {
            files.append(
                (
                    "Sources/TapedeckProtocol/Messages/\(direction.swiftEnum).swift",
                    MessageEnumWriter(direction: direction).source()
                ))
            files.append(
                (
                    "Sources/TapedeckProtocol/Codec/\(direction.swiftEnum)+Envelope.swift",
                    EnvelopeWriter(direction: direction).source()
                ))
        }
        files.append(("docs/baolife.asyncapi.yaml", AsyncAPIWriter(schema: schema).source()))
        files.append(("Sources/TapedeckProtocol/Conformance/WireSchema+BaoLife.swift", WireSchemaWriter(schema: schema).source()))
        files.append(("Sources/TapedeckThroughput/FoundationBaseline.swift", BaselineWriter(schema: schema).serverSource()))
        files.append(("Sources/TapedeckThroughput/FoundationClientBaseline.swift", BaselineWriter(schema: schema).clientSource()))
        return files
    }

    /// Every generated file by path, docs/PROTOCOL.md with its tables replaced included; the
    /// doc is read from `root` because only its marked regions are generated.
    public func files(root: URL) throws -> [(path: String, text: String)] {
        let docURL = root.appendingPathComponent(Self.protocolDocPath)
        let doc = try String(contentsOf: docURL, encoding: .utf8)
        return sources() + [(Self.protocolDocPath, try ProtocolDocWriter(schema: schema).replacingTables(in: doc))]
    }

    /// Writes the files that changed; returns their paths.
    @discardableResult
    public func write(root: URL) throws -> [String] {
        var written: [String] = []
        for file in try files(root: root) {
            let url = root.appendingPathComponent(file.path)
            if (try? String(contentsOf: url, encoding: .utf8)) == file.text { continue }
            try file.text.write(to: url, atomically: true, encoding: .utf8)
            written.append(file.path)
        }
        return written
    }

    /// The paths whose contents on disk are not what the generator writes now.
    public func stale(root: URL) throws -> [String] {
        try files(root: root).filter { file in
            (try? String(contentsOf: root.appendingPathComponent(file.path), encoding: .utf8)) != file.text
        }.map(\.path)
    }
}
