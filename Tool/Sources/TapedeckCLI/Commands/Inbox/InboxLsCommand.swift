import ArgumentParser
import TapedeckInbox

/// `tapedeck inbox ls`: the groups, most reports first.
struct InboxLsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ls",
        abstract: "List the inbox's groups of reports by first failure, most reports first.")

    @OptionGroup var storeOptions: InboxStoreOptions

    func run() async throws {
        let store = try await storeOptions.open()
        do {
            let queue = try await store.rows.queue()
            let groups = try await store.rows.groups()
            print("\(queue.total) reports: \(queue.done) triaged, \(queue.triaging) being triaged, \(queue.waiting) waiting")
            guard !groups.isEmpty else { return }
            let versionWidth = max(8, groups.map { $0.versions.joined(separator: ",").count }.max() ?? 0)
            print(
                "GROUP        " + "REPORTS".leftPadded(to: 7) + "  " + "VERSIONS".rightPadded(to: versionWidth)
                    + "  LAST SEEN             FIRST FAILURE")
            for group in groups {
                print(
                    group.id + " " + "\(group.count)".leftPadded(to: 7) + "  "
                        + group.versions.joined(separator: ",").rightPadded(to: versionWidth) + "  "
                        + UTCTime.minute(milliseconds: group.lastSeen) + "  " + group.signature)
            }
        } catch {
            throw CommandFailure.exit("inbox: \(error)", code: 1)
        }
    }
}
