import ArgumentParser
import TapedeckInbox

/// `tapedeck inbox show GROUP`: one group and its reports.
struct InboxShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one group of the inbox: its first failure, app versions, shrunk tape and reports.",
        discussion: "Exit codes: 0 shown; 1 no such group, or the store cannot be read.")

    @Argument(help: "The group's id, as `inbox ls` prints it.")
    var group: String

    @OptionGroup var storeOptions: InboxStoreOptions

    func run() async throws {
        let store = try await storeOptions.open()
        do {
            guard let found = try await store.rows.group(id: group) else {
                throw CommandFailure.exit("inbox: no group \(group) (`tapedeck inbox ls` lists them)", code: 1)
            }
            print("group \(found.id): \(found.signature)")
            print(
                "\(found.count) report\(found.count == 1 ? "" : "s"), first \(UTCTime.minute(milliseconds: found.firstSeen)), "
                    + "last \(UTCTime.minute(milliseconds: found.lastSeen)); app versions \(found.versions.joined(separator: ", "))"
            )
            if let representative = found.representative {
                print("shrunk tape from report \(representative): tapedeck inbox pull \(found.id)")
            }
            for report in try await store.rows.reports(inGroup: found.id) {
                let labels = report.labels
                let note = labels.note.isEmpty ? "" : "  \"\(labels.note)\""
                print(
                    "  \(report.id)  \(UTCTime.minute(milliseconds: report.receivedAt))  \(labels.version)  "
                        + "\(labels.device) \(labels.os)  \(labels.kind)\(note)")
            }
        } catch let error as InboxError {
            throw CommandFailure.exit("inbox: \(error)", code: 1)
        }
    }
}
