import Foundation

/// The examples of docs/PROTOCOL.md: each ```json block and the `###` heading it sits under, in
/// the "Server to client" or "Client to server" section.
struct ProtocolDocument {
    struct Example {
        let heading: String
        let json: String
        var bytes: [UInt8] { Array(json.utf8) }
    }

    var serverExamples: [Example] = []
    var clientExamples: [Example] = []

    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/PROTOCOL.md")

    static func load() throws -> ProtocolDocument {
        try ProtocolDocument(markdown: String(contentsOf: url, encoding: .utf8))
    }

    init(markdown: String) {
        enum Section { case none, server, client }
        var section = Section.none
        var heading = ""
        var block: [Substring]? = nil
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if var lines = block {
                if line == "```" {
                    let example = Example(heading: heading, json: lines.joined(separator: "\n"))
                    switch section {
                    case .server: serverExamples.append(example)
                    case .client: clientExamples.append(example)
                    case .none: break
                    }
                    block = nil
                } else {
                    lines.append(line)
                    block = lines
                }
            } else if line.hasPrefix("## ") {
                section = line == "## Server to client" ? .server : line == "## Client to server" ? .client : .none
            } else if line.hasPrefix("### ") {
                heading = String(line.dropFirst(4))
            } else if line == "```json" {
                block = []
            }
        }
    }
}
