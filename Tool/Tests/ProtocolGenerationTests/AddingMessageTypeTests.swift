import Foundation
import TestSupport
import Testing

@testable import ProtocolGeneration

/// Issue 42: a new message type is a change in one place plus the rules it needs. The steps of
/// docs/DEVELOPMENT.md, "Adding a message type", are applied as written, snippet by snippet, to a
/// copy of the runtime package: the schema edit, the generator (`make generate`), the build that
/// must then stop at `ClientState.apply`, the hand-written rule and docs; then the copy builds, and a
/// probe linked against it decodes, encodes, applies, counts and covers the new type. Wrong or missing
/// steps in the section fail here.
@Suite(.tags(.integration)) struct AddingMessageTypeTests {
    static let root = GeneratedFilesTests.root
    static let sectionHeading = "## Adding a message type"

    /// A fenced block of the section, its indentation removed.
    struct Snippet {
        var language: String
        var lines: [String]
        var text: String { lines.joined(separator: "\n") }
    }

    /// The fenced blocks of the section, in order (a block fenced with four backticks may hold one
    /// fenced with three).
    static func snippets(_ markdown: String) throws -> [Snippet] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: sectionHeading), "docs/DEVELOPMENT.md has no '\(sectionHeading)'")
        var snippets: [Snippet] = []
        var current: (fence: String, indent: Int, snippet: Snippet)? = nil
        for line in lines[(start + 1)...] {
            let trimmed = line.drop { $0 == " " }
            if var block = current {
                if trimmed == block.fence {
                    snippets.append(block.snippet)
                    current = nil
                } else {
                    block.snippet.lines.append(String(line.dropFirst(min(block.indent, line.count - trimmed.count))))
                    current = block
                }
            } else if line.hasPrefix("## ") {
                break
            } else if trimmed.hasPrefix("```") {
                let fence = String(trimmed.prefix { $0 == "`" })
                current = (
                    fence, line.count - trimmed.count, Snippet(language: String(trimmed.dropFirst(fence.count)), lines: [])
                )
            }
        }
        return snippets
    }

    /// Where the section's Swift snippets go: the n-th snippet for a file goes before the n-th
    /// occurrence of its anchor line there, indented as that line is.
    static let anchors = [
        "Sources/TapedeckState/ClientState.swift": "        case .unknown:",
        "Sources/TapedeckState/ClientRule.swift": "    case toastsDropOldest",
        "Sources/TapedeckState/ClientRule+Names.swift": "        case .toastsDropOldest:",
    ]

    @Test func theDocumentedStepsAddAServerMessageType() async throws {
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/DEVELOPMENT.md"), encoding: .utf8)
        let snippets = try Self.snippets(guide)
        let json = snippets.filter { $0.language == "json" }
        let swift = snippets.filter { $0.language == "swift" }
        let markdown = snippets.filter { $0.language == "markdown" }
        try #require(json.count == 2 && !swift.isEmpty && markdown.count == 2, "the section's snippets: \(snippets)")

        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("adding-message-type-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for entry in ["Package.swift", "Sources", "Protocol", "docs"] {
            try FileManager.default.copyItem(at: Self.root.appendingPathComponent(entry), to: copy.appendingPathComponent(entry))
        }

        // 1. The schema: the message at the end of server.messages, its body among ServerPayloads' objects.
        let message = try Self.jsonObject(json[0].text)
        let body = try Self.jsonObject(json[1].text)
        let type = try #require(message["type"] as? String)
        let schemaURL = copy.appendingPathComponent(ProtocolGenerator.schemaPath)
        var schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
        var server = try #require(schema["server"] as? [String: Any])
        server["messages"] = try #require(server["messages"] as? [Any]) + [message]
        schema["server"] = server
        var groups = try #require(schema["groups"] as? [[String: Any]])
        let payloads = try #require(groups.firstIndex { $0["file"] as? String == "ServerPayloads" })
        groups[payloads]["objects"] = try #require(groups[payloads]["objects"] as? [Any]) + [body]
        schema["groups"] = groups
        try JSONSerialization.data(withJSONObject: schema, options: [.prettyPrinted]).write(to: schemaURL)

        // 2. `make generate`: tapedeck-generate with the copy as its root.
        try Self.generate(copy)

        // A probe linked against the copy's runtime: decodes the documented example, encodes it,
        // applies it to the client state, replays it and lists the rules.
        try Self.addProbe(to: copy)

        // 3. The build stops where the section says, before any hand edit.
        let first = try await Self.build(copy)
        #expect(first.status != 0, "the copy built without a case for \(type) in ClientState.apply")
        #expect(
            first.output.contains("ClientState.swift") && first.output.contains("switch must be exhaustive"),
            "the build did not stop at ClientState.apply:\n\(first.output.suffix(3000))")

        // 3. The rules, as the Swift snippets say.
        var occurrences: [String: Int] = [:]
        for snippet in swift {
            let place = try #require(snippet.lines.first, "an empty swift snippet")
            let path = try #require(
                Self.anchors.keys.first { place.hasPrefix("// \($0)") },
                "a swift snippet whose first line names no file the test knows: \(place)")
            let anchor = try #require(Self.anchors[path])
            let nth = occurrences[path, default: 0]
            occurrences[path] = nth + 1
            try Self.insert(snippet.lines.dropFirst(), in: copy.appendingPathComponent(path), before: anchor, occurrence: nth)
        }

        // 4. The docs: the rule's row, and the type's section last under "Server to client"; then
        // `make generate` again fills its field table.
        let row = try #require(markdown[0].lines.first { $0.hasPrefix("| `") })
        try Self.insert(
            [row], in: copy.appendingPathComponent("docs/STATE-MACHINES.md"),
            before: "| `toasts.dropOldest` |", occurrence: 0, indent: false)
        try Self.insert(
            markdown[1].lines + [""], in: copy.appendingPathComponent(ProtocolGenerator.protocolDocPath),
            before: "## Client to server", occurrence: 0, indent: false)
        try Self.generate(copy)
        let generator = ProtocolGenerator(schema: try ProtocolSchema.load(schemaURL))
        #expect(try generator.stale(root: copy) == [])
        let protocolDoc = try String(
            contentsOf: copy.appendingPathComponent(ProtocolGenerator.protocolDocPath), encoding: .utf8)
        let bodyName = try #require(body["name"] as? String)
        let table = try #require(generator.schema.object(named: bodyName))
        #expect(protocolDoc.contains(ProtocolDocWriter(schema: generator.schema).table(table).joined(separator: "\n")))

        let second = try await Self.build(copy)
        try #require(second.status == 0, "the copy does not build after the documented steps:\n\(second.output.suffix(4000))")

        // The probe, given the documented example.
        let example = try Self.example(in: markdown[1])
        let probe = try await ChildProcess.run(copy.appendingPathComponent(".build/debug/AddedTypeProbe").path, [example])
        #expect(probe.status == 0, "\(probe.standardError)")
        var said: [String: String] = [:]
        for line in probe.standardOutput.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            said[String(line[..<colon])] = String(line[line.index(after: colon)...].drop { $0 == " " })
        }
        let rule = try #require(row.split(separator: "`").dropFirst().first.map(String.init))
        #expect(said["type"] == type)
        #expect(said["known"] == "true")
        #expect(said["index"] != nil && said["index"] == said["lastIndex"], "the new type's index is not its place in knownTypes")
        #expect(said["baseline"] == "true", "the Foundation baseline does not know the new type")
        #expect(said["roundTrip"] == "true")
        #expect(said["fired"] == rule)
        #expect(said["effects"]?.isEmpty == false)
        #expect(said["replayed"] == "\(type)=1")
        #expect(said["coverage"] == "true")
        #expect(said["rulesFit"] == "true")
        // The documented rules are the model's (ClientRuleTests, in the copy).
        let documentedRules = Self.documentedRuleNames(
            try String(contentsOf: copy.appendingPathComponent("docs/STATE-MACHINES.md"), encoding: .utf8))
        #expect(said["rules"].map { Set($0.split(separator: " ").map(String.init)) } == Set(documentedRules))
    }

    static func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }

    /// What `make generate` does (`tapedeck-generate ROOT`).
    static func generate(_ root: URL) throws {
        let schema = try ProtocolSchema.load(root.appendingPathComponent(ProtocolGenerator.schemaPath))
        try ProtocolGenerator(schema: schema).write(root: root)
    }

    /// Inserts `lines` before the `occurrence`-th (from 0) line of `url` that starts with `anchor`,
    /// indented like it unless `indent` is false.
    static func insert(
        _ lines: some Sequence<String>, in url: URL, before anchor: String, occurrence: Int, indent: Bool = true
    ) throws {
        var text = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        let matches = text.indices.filter { text[$0].hasPrefix(anchor) }
        try #require(occurrence < matches.count, "\(url.lastPathComponent) has no line \(occurrence + 1) starting '\(anchor)'")
        let at = matches[occurrence]
        let prefix = indent ? String(anchor.prefix { $0 == " " }) : ""
        text.insert(contentsOf: lines.map { $0.isEmpty ? $0 : prefix + $0 }, at: at)
        try text.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    /// The `json` example inside the type's PROTOCOL.md section, compact.
    static func example(in section: Snippet) throws -> String {
        let start = try #require(section.lines.firstIndex(of: "```json"))
        let end = try #require(section.lines[(start + 1)...].firstIndex(of: "```"))
        let value = try JSONSerialization.jsonObject(with: Data(section.lines[(start + 1)..<end].joined(separator: "\n").utf8))
        return String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self)
    }

    /// The names in the first column of docs/STATE-MACHINES.md's *Rules* table.
    static func documentedRuleNames(_ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "## Rules") else { return [] }
        var names: [String] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `") else { continue }
            names.append(String(line.dropFirst(3).prefix { $0 != "`" }))
        }
        return names
    }

    /// An executable target of the copy's manifest, linking what an app links (TapedeckTesting and,
    /// for the generated Foundation baseline, TapedeckThroughput) and, for coverage, TapedeckChecks.
    static func addProbe(to copy: URL) throws {
        let manifest = copy.appendingPathComponent("Package.swift")
        try
            (String(contentsOf: manifest, encoding: .utf8)
                + """

                package.targets.append(
                    .executableTarget(name: "AddedTypeProbe", dependencies: ["TapedeckTesting", "TapedeckChecks", "TapedeckThroughput", "TapedeckTape"], path: "Probe"))

                """).write(to: manifest, atomically: true, encoding: .utf8)
        let folder = copy.appendingPathComponent("Probe")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        import Foundation
        import TapedeckChecks
        import TapedeckTape
        import TapedeckTesting
        import TapedeckThroughput

        let bytes = Array(CommandLine.arguments[1].utf8)
        let message = try ServerMessage.decode(bytes)
        if case .unknown = message { print("known: false") } else { print("known: true") }
        print("type: \\(message.type)")
        print("index: \\(message.knownTypeIndex.map(String.init) ?? "nil")")
        print("lastIndex: \\(ServerMessage.knownTypes.count - 1)")
        print("roundTrip: \\(try ServerMessage.decode(message.encoded()) == message)")
        var state = ClientState()
        let effects = state.apply(message, at: .zero)
        print("fired: \\(state.firedRules.map(\\.name).joined(separator: " "))")
        print("effects: \\(effects.map { "\\($0)" }.joined(separator: " "))")
        let record = TapeRecord(time: 0, direction: .s2c, kind: .text, payload: bytes)
        let tape = TapeInMemory(path: "probe", records: [record], inputs: [ReplayInput(decoding: record)], end: .complete)
        let replay = try TapeReplay(reading: [.memory(tape)], model: ClientState()).run()
        print("replayed: \\(replay.log.statistics.serverMessages.map { "\\($0.key)=\\($0.value)" }.sorted().joined(separator: " "))")
        print("coverage: \\(CoverageReport().items.contains { $0.kind == .serverType && $0.name == message.type })")
        print("rulesFit: \\(ClientRule.allCases.count <= 64)")
        print("rules: \\(ClientRule.allCases.map(\\.name).joined(separator: " "))")
        print("baseline: \\(try FoundationBaseline.decodeServer(Data(bytes), with: JSONDecoder()))")

        """.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    }

    /// `swift build` of the probe in the copy (its own .build), standard error after standard output.
    static func build(_ copy: URL) async throws -> (status: Int32, output: String) {
        let run = try await ChildProcess.run(
            "/usr/bin/env", ["swift", "build", "--package-path", copy.path, "--product", "AddedTypeProbe"], seconds: 1200)
        return (run.status, run.standardOutput + run.standardError)
    }
}
