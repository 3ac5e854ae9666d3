import Foundation
import ProtocolGeneration

// tapedeck-generate [--check] [ROOT]: writes every file generated from Protocol/baolife.schema.json
// under ROOT (default: the current directory); with --check only lists the stale ones and exits 1
// if there are any. Generated files it no longer writes (their schema group was removed) are
// stale too, and removed when it writes.
var arguments = Array(CommandLine.arguments.dropFirst())
let check = arguments.contains("--check")
arguments.removeAll { $0 == "--check" }
guard arguments.count <= 1, !arguments.contains(where: { $0.hasPrefix("-") }) else {
    FileHandle.standardError.write(Data("usage: tapedeck-generate [--check] [PACKAGE_ROOT]\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments.first ?? FileManager.default.currentDirectoryPath)
do {
    let schema = try ProtocolSchema.load(root.appendingPathComponent(ProtocolGenerator.schemaPath))
    let generator = ProtocolGenerator(schema: schema)
    if check {
        let stale = try generator.stale(root: root)
        for path in stale { print("stale: \(path)") }
        exit(stale.isEmpty ? 0 : 1)
    }
    let changes = try generator.write(root: root)
    for path in changes.written { print("wrote \(path)") }
    for path in changes.removed { print("removed \(path) (generated, no longer written)") }
} catch {
    FileHandle.standardError.write(Data("tapedeck-generate: \(error)\n".utf8))
    exit(1)
}
