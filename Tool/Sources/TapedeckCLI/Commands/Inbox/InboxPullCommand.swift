import ArgumentParser
import TapedeckInbox
import TapedeckTape

/// `tapedeck inbox pull ID`: a report's tape, or a group's shrunk tape, into a local folder.
struct InboxPullCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull",
        abstract: "Copy a report's tape (or a group's shrunk tape) into a folder, for repro, shrink and promote.",
        discussion: """
            ID is a report's id (or a unique prefix of at least 4 digits), written as ID.tape, or a \
            group's id, whose shrunk tape is written as GROUP.shrunk.tape. Prints the path written.

            Exit codes: 0 written; 1 no such report or group, or the store cannot be read or the file written.
            """)

    @Argument(help: "A report's id (or prefix) or a group's id.")
    var id: String

    @Option(help: ArgumentHelp("The folder to write into.", valueName: "dir"))
    var to = "."

    @OptionGroup var storeOptions: InboxStoreOptions

    func run() async throws {
        let store = try await storeOptions.open()
        do {
            let key: String
            let name: String
            if let report = try await store.rows.report(id: id) {
                (key, name) = (report.tapeKey, "\(report.id).tape")
            } else if let group = try await store.rows.group(id: id), let shrunk = group.shrunkKey {
                (key, name) = (shrunk, "\(group.id).shrunk.tape")
            } else {
                throw CommandFailure.exit(
                    "inbox: no report or shrunk group \(id) (`tapedeck inbox ls` and `inbox show GROUP` list them)", code: 1)
            }
            guard let bytes = try await store.blobs.get(key) else {
                throw CommandFailure.exit("inbox: \(store.blobs.location) has no \(key)", code: 1)
            }
            let path = to + "/" + name
            do { try ReplacingFile.write(bytes, to: path) } catch {
                throw CommandFailure.exit("inbox: \(error)", code: 1)
            }
            print(path)
        } catch let error as InboxError {
            throw CommandFailure.exit("inbox: \(error)", code: 1)
        }
    }
}
