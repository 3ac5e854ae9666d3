import Foundation
import TestSupport
import Testing

@testable import ProtocolGeneration

/// Issue 18: adding a field is one schema edit plus `make generate`. A copy of the schema gets one
/// more field in `u`'s body; the generator's output for it is compiled with TapedeckProtocol's
/// other sources by swiftc (on TapedeckCore, compiled first), and the program decodes a message
/// carrying the field and encodes it back.
@Suite struct OneMoreFieldTests {
    static let root = GeneratedFilesTests.root

    static func schemaWithWeather() throws -> ProtocolSchema {
        var schema = try ProtocolSchema.load(root.appendingPathComponent(ProtocolGenerator.schemaPath))
        let group = try #require(schema.groups.firstIndex { $0.objects.contains { $0.name == "PartialUpdate" } })
        let object = try #require(schema.groups[group].objects.firstIndex { $0.name == "PartialUpdate" })
        schema.groups[group].objects[object].fields.append(
            Field(name: "weather", type: .string, optional: true, default: nil, doc: "Today's weather."))
        return schema
    }

    @Test func theNewFieldIsReadOnceInTheStraightLinePath() throws {
        let sources = ProtocolGenerator(schema: try Self.schemaWithWeather()).sources()
        let codec = try #require(sources.first { $0.path.hasSuffix("Codec/ServerPayloads+Wire.swift") }).text
        #expect(
            codec.contains(
                """
                        if field == 8 {
                            do { weather = try reader.readOptionalString() } catch { throw error.inside(.field("weather")) }
                            field = try reader.nextField(fields, after: 8)
                        }
                        if field != nil { return try reader.decodeInWireOrder(from: start, fields, decode) }
                """))
        #expect(codec.components(separatedBy: "weather = try").count == 2)
        #expect(codec.contains(#"if let weather { writer.key("\"weather\":"); weather.encode(to: &writer) }"#))
        let model = try #require(sources.first { $0.path.hasSuffix("Messages/ServerPayloads.swift") }).text
        #expect(model.contains("    public var weather: String?\n"))
    }

    @Test(.timeLimit(.minutes(5))) func aMessageCarryingTheNewFieldDecodes() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("one-more-field-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let module = work.appendingPathComponent("Sources/TapedeckProtocol")
        try FileManager.default.createDirectory(at: module.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Sources/TapedeckProtocol"), to: module)
        for file in ProtocolGenerator(schema: try Self.schemaWithWeather()).sources()
        where file.path.hasPrefix("Sources/TapedeckProtocol/") {
            try file.text.write(to: work.appendingPathComponent(file.path), atomically: true, encoding: .utf8)
        }
        let main = work.appendingPathComponent("main.swift")
        try """
        @main enum Probe {
            static func main() throws {
                let bytes = Array(#"{"type":"u","message":{"energy":5,"weather":"rain"}}"#.utf8)
                let message = try ServerMessage.decode(bytes)
                guard case .update(let update) = message else { fatalError("\\(message)") }
                print(update.weather ?? "nil")
                print(String(decoding: message.encoded(), as: UTF8.self))
            }
        }
        """.write(to: main, atomically: true, encoding: .utf8)
        let swiftFiles = try FileManager.default.subpathsOfDirectory(atPath: module.path)
            .filter { $0.hasSuffix(".swift") }.map { module.appendingPathComponent($0).path }
        let core = Self.root.appendingPathComponent("Sources/TapedeckCore")
        let coreFiles = try FileManager.default.subpathsOfDirectory(atPath: core.path)
            .filter { $0.hasSuffix(".swift") }.map { core.appendingPathComponent($0).path }
        let compileCore = try await Self.run(
            "/usr/bin/env",
            [
                "swiftc", "-module-name", "TapedeckCore", "-parse-as-library", "-package-name", "Probe", "-emit-module",
                "-emit-module-path", work.appendingPathComponent("TapedeckCore.swiftmodule").path, "-emit-library", "-static",
                "-o", work.appendingPathComponent("libTapedeckCore.a").path,
            ] + coreFiles)
        try #require(compileCore.status == 0, "\(compileCore.output)")
        let program = work.appendingPathComponent("probe").path
        let compile = try await Self.run(
            "/usr/bin/env",
            [
                "swiftc", "-module-name", "Probe", "-parse-as-library", "-package-name", "Probe", "-I", work.path, "-L",
                work.path,
                "-lTapedeckCore",
            ] + swiftFiles + [main.path, "-o", program])
        #expect(compile.status == 0, "\(compile.output)")
        let probe = try await Self.run(program, [])
        #expect(probe.output == "rain\n{\"type\":\"u\",\"message\":{\"energy\":5,\"weather\":\"rain\"}}\n")
    }

    /// Runs to the end with standard error after standard output (async: no thread is held while swiftc runs).
    static func run(_ executable: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let finished = try await ChildProcess.run(executable, arguments)
        return (finished.status, finished.standardOutput + finished.standardError)
    }
}
