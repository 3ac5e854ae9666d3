import Foundation

/// Everything generated from the schema, as paths relative to the package root and their
/// contents. Generated Swift lives in `Generated/` folders of its targets, apart from the
/// hand-written code. `write` puts the files in place and removes orphans (files that say they
/// are generated but that the generator no longer writes, say after a schema group was
/// removed); `stale` lists the files that differ from the disk and the orphans (the
/// generated-files test and `tapedeck-generate --check`).
public struct ProtocolGenerator {
    public static let schemaPath = "Protocol/baolife.schema.json"
    public static let protocolDocPath = "docs/PROTOCOL.md"
    /// Where generated Swift goes, under the package root.
    static let protocolFolder = "Sources/TapedeckProtocol/Generated"
    static let throughputFolder = "Sources/TapedeckThroughput/Generated"
    /// The folders searched for orphans: every file under them whose first line is a generated
    /// file's header must be one the generator writes.
    static let orphanSearchFolders = ["Sources", "docs"]

    public let schema: ProtocolSchema

    public init(schema: ProtocolSchema) { self.schema = schema }

    /// The generated Swift sources, by path.
    public func sources() -> [(path: String, text: String)] {
        var files: [(String, String)] = []
        for group in schema.groups {
            files.append(("\(Self.protocolFolder)/\(group.swiftFile)", ModelWriter(group: group, schema: schema).source()))
            files.append(("\(Self.protocolFolder)/Codec/\(group.file)+Wire.swift", CodecWriter(group: group).source()))
        }
        for direction in [schema.server, schema.client] {
            files.append(
                (
                    "\(Self.protocolFolder)/Messages/\(direction.swiftEnum).swift",
                    MessageEnumWriter(direction: direction).source()
                ))
            files.append(
                (
                    "\(Self.protocolFolder)/Codec/\(direction.swiftEnum)+Envelope.swift",
                    EnvelopeWriter(direction: direction).source()
                ))
        }
        files.append(("docs/baolife.asyncapi.yaml", AsyncAPIWriter(schema: schema).source()))
        files.append(("\(Self.protocolFolder)/Conformance/WireSchema+BaoLife.swift", WireSchemaWriter(schema: schema).source()))
        files.append(("\(Self.throughputFolder)/FoundationBaseline.swift", BaselineWriter(schema: schema).serverSource()))
        files.append(("\(Self.throughputFolder)/FoundationClientBaseline.swift", BaselineWriter(schema: schema).clientSource()))
        return files
    }

    /// Every generated file by path, docs/PROTOCOL.md with its tables replaced included; the
    /// doc is read from `root` because only its marked regions are generated.
    public func files(root: URL) throws -> [(path: String, text: String)] {
        let docURL = root.appendingPathComponent(Self.protocolDocPath)
        let doc = try String(contentsOf: docURL, encoding: .utf8)
        return sources() + [(Self.protocolDocPath, try ProtocolDocWriter(schema: schema).replacingTables(in: doc))]
    }

    /// Writes the files that changed and removes the orphans; returns their paths.
    @discardableResult
    public func write(root: URL) throws -> (written: [String], removed: [String]) {
        let files = try files(root: root)
        var written: [String] = []
        for file in files {
            let url = root.appendingPathComponent(file.path)
            if (try? String(contentsOf: url, encoding: .utf8)) == file.text { continue }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.text.write(to: url, atomically: true, encoding: .utf8)
            written.append(file.path)
        }
        let removed = try orphans(root: root, writing: Set(files.map(\.path)))
        for path in removed { try FileManager.default.removeItem(at: root.appendingPathComponent(path)) }
        return (written, removed)
    }

    /// The paths whose contents on disk are not what the generator writes now, then the orphans.
    public func stale(root: URL) throws -> [String] {
        let files = try files(root: root)
        let differing = files.filter { file in
            (try? String(contentsOf: root.appendingPathComponent(file.path), encoding: .utf8)) != file.text
        }.map(\.path)
        return differing + (try orphans(root: root, writing: Set(files.map(\.path))))
    }

    /// Files under `orphanSearchFolders` that start with a generated file's header but are not
    /// among `paths`, sorted.
    func orphans(root: URL, writing paths: Set<String>) throws -> [String] {
        var found: [String] = []
        for folder in Self.orphanSearchFolders {
            let url = root.appendingPathComponent(folder)
            guard FileManager.default.fileExists(atPath: url.path),
                let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
            else { continue }
            for case let file as URL in walker {
                guard (try file.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
                let path = folder + "/" + file.path.dropFirst(url.path.count + 1)
                if !paths.contains(path), try GeneratedFile.saysGenerated(file) { found.append(path) }
            }
        }
        return found.sorted()
    }
}
