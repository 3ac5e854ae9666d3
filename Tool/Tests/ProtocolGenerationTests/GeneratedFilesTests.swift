import Foundation
import Testing

@testable import ProtocolGeneration

/// Issue 18: every file generated from Protocol/baolife.schema.json is what the generator
/// writes now, so a hand edit of one, or a schema edit without `make generate`, fails here.
@Suite struct GeneratedFilesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func generatedFilesAreUpToDate() throws {
        let schema = try ProtocolSchema.load(Self.root.appendingPathComponent(ProtocolGenerator.schemaPath))
        let stale = try ProtocolGenerator(schema: schema).stale(root: Self.root)
        #expect(stale.isEmpty, "stale generated files (run `make generate`): \(stale)")
    }

    @Test func everyGeneratedFileSaysSoInItsFirstLine() throws {
        let schema = try ProtocolSchema.load(Self.root.appendingPathComponent(ProtocolGenerator.schemaPath))
        for file in ProtocolGenerator(schema: schema).sources() {
            let header = file.path.hasSuffix(".yaml") ? GeneratedFile.yamlHeader : GeneratedFile.header
            #expect(file.text.hasPrefix(header + "\n"), "\(file.path)")
        }
    }

    /// swift-format would reflow generated code and so make it stale; its marker on the second
    /// line of every generated Swift file keeps `make format` off it.
    @Test func everyGeneratedSwiftFileIsIgnoredByTheFormatter() throws {
        let schema = try ProtocolSchema.load(Self.root.appendingPathComponent(ProtocolGenerator.schemaPath))
        let swiftFiles = ProtocolGenerator(schema: schema).sources().filter { $0.path.hasSuffix(".swift") }
        #expect(swiftFiles.count > 20)
        for file in swiftFiles {
            let lines = file.text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
            #expect(lines.count > 2 && lines[1] == "// swift-format-ignore-file", "\(file.path)")
        }
    }

    @Test func schemaMistakesAreRefusedInWords() throws {
        let url = Self.root.appendingPathComponent(ProtocolGenerator.schemaPath)
        let text = try String(contentsOf: url, encoding: .utf8)
        let broken = text.replacingOccurrences(of: #""type": "[SimplePerson]""#, with: #""type": "[SimplePersn]""#)
        #expect(broken != text)
        #expect(throws: SchemaError.self) { try ProtocolSchema.parse(Data(broken.utf8)) }
    }

    /// A field named like one of the generated decoder's own locals would not compile.
    @Test func aFieldNamedLikeADecoderLocalIsRefused() throws {
        let url = Self.root.appendingPathComponent(ProtocolGenerator.schemaPath)
        let text = try String(contentsOf: url, encoding: .utf8)
        let broken = text.replacingOccurrences(of: #""name": "energyCost""#, with: #""name": "fields""#)
        #expect(broken != text)
        let error = try #require(throws: SchemaError.self) { try ProtocolSchema.parse(Data(broken.utf8)) }
        #expect(error.description.contains(".fields: the generated decoder names its own locals field, fields, reader, start"))
    }
}
