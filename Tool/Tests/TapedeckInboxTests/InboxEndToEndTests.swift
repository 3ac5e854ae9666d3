import Foundation
import TapedeckInbox
import TapedeckS3
import TapedeckTestFixtures
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Acceptance (issue 52): 50 installs of an app with the flight recorder (`tapedeck-field-app`,
/// half of them the build with the planted decode bug) send 1,000 reports, 100 of them resent
/// byte for byte, to two collectors sharing one PostgreSQL and one S3 bucket (moto), each with a
/// triage worker. One collector is killed with SIGKILL mid-run and started again; its clients
/// retry. Afterwards every report is stored exactly once, none is lost, each is in its build's
/// group, and the bug's group names its decode error and has a shrunk tape `tapedeck repro` fails on.
@Suite(.ownThread)
struct InboxEndToEndTests {
    static let fieldApp = ChildProcess.repositoryRoot + "/Tool/.build/debug/tapedeck-field-app"
    static let uploadToken = "field-upload-token-0123456789"
    static let bugSignature = "decode error c2s message.eventId: expected string"

    struct Inbox {
        var postgres: String
        var moto: MotoServer
        var bucket: String
        var folder: String

        var environment: [String: String] {
            ["AWS_ACCESS_KEY_ID": moto.accessKeyID, "AWS_SECRET_ACCESS_KEY": moto.secretAccessKey, "AWS_REGION": moto.region]
        }

        func options(_ store: String) -> [String] {
            [
                "--store", "\(folder)/\(store)", "--postgres", postgres, "--bucket", bucket, "--s3-endpoint",
                moto.endpoint, "--tokens", "\(folder)/tokens",
            ]
        }

        /// `tapedeck inbox serve` with one worker, on `port` (0: a free one); returns it and its port.
        func collector(_ name: String, port: Int = 0) async throws -> (ChildProcess, Int) {
            let process = try ChildProcess(
                ChildProcess.tapedeck,
                ["inbox", "serve"] + options(name) + ["--listen", "127.0.0.1:\(port)", "--workers", "1", "--triage-lease", "10"],
                environment: environment)
            let line = try await process.line(startingWith: "inbox on http://", seconds: 120)
            guard let port = line.split(separator: ":").last.flatMap({ Int($0) }) else {
                throw ChildProcessError(message: "no port in \(line)")
            }
            return (process, port)
        }

        func tapedeck(_ arguments: [String]) async throws -> ChildProcess.Finished {
            try await ChildProcess.run(ChildProcess.tapedeck, arguments, environment: environment, seconds: 300)
        }
    }

    @Test func aThousandReportsFromFiftyInstallsAreStoredOnceAndGroupedThroughACollectorCrash() async throws {
        let folder = try TestFolder("tapedeck-field")
        defer { folder.remove() }
        let moto = try await MotoServer.shared()
        let inbox = Inbox(
            postgres: try await PostgresServer.shared().database(), moto: moto, bucket: MotoServer.uniqueBucket("tapedeck-field"),
            folder: folder.path)
        try folder.write("upload baolife \(Self.uploadToken)\nread field-read-token-0123456789\n", to: "tokens")
        try await S3Client(
            configuration: S3Configuration(
                endpoint: moto.endpoint, region: moto.region, bucket: inbox.bucket,
                credentials: AWSCredentials(accessKeyID: moto.accessKeyID, secretAccessKey: moto.secretAccessKey))
        ).createBucket()
        // Collector a listens again on its port after its kill: one below the ephemeral range, which
        // no other test's port-0 listener can take in between.
        var (first, firstPort) = try await inbox.collector("a", port: try QuietPort.free())
        let (second, secondPort) = try await inbox.collector("b")
        let rows = try await PostgresInboxRows(url: PostgresURL(inbox.postgres))
        defer { rows.close() }

        let app = try ChildProcess(
            Self.fieldApp,
            [
                "--folder", folder.file("devices"), "--token", Self.uploadToken, "--collector", "http://127.0.0.1:\(firstPort)",
                "--collector", "http://127.0.0.1:\(secondPort)", "--clients", "50", "--reports", "18", "--duplicates", "2",
                "--buggy-clients", "25", "--seconds", "900",
            ])
        // Mid-run: collector a dies without a word, and comes back on its port a second later.
        while try await rows.queue().total < 300 {
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(first.pid, SIGKILL)
        let killedAt = try await rows.queue().total
        _ = await first.wait(seconds: 30)
        try await Task.sleep(for: .seconds(1))
        (first, firstPort) = try await inbox.collector("a", port: firstPort)

        let finished = await app.wait(seconds: 900)
        #expect(finished.status == 0, "field app: \(finished.standardError.suffix(2000))")
        let outcome = try JSONSerialization.jsonObject(with: finished.outputData) as? [String: Any]
        let clients = outcome?["clients"] as? [[String: Any]] ?? []
        #expect((outcome?["failures"] as? [String]) == [])
        let sealed = clients.flatMap { $0["reportIDs"] as? [String] ?? [] }
        #expect(sealed.count == 900 && Set(sealed).count == 900)
        #expect(clients.map { $0["duplicated"] as? Int ?? 0 }.reduce(0, +) == 100)
        #expect(clients.map { $0["delivered"] as? Int ?? 0 }.reduce(0, +) == 1000)
        #expect(killedAt < 900, "the collector was killed after all reports were in (\(killedAt))")
        // Collector a's installs met its crash and retried.
        let retried = clients.map { $0["failedAttempts"] as? Int ?? 0 }.reduce(0, +)
        #expect(retried > 0)
        print("end to end: collector a killed with \(killedAt) reports stored; \(retried) failed upload attempts retried")

        // Triage drains (a report collector a held when it died is taken again after its 10 s lease).
        let deadline = ContinuousClock.now + .seconds(600)
        while ContinuousClock.now < deadline {
            let queue = try await rows.queue()
            if queue.waiting == 0 && queue.triaging == 0 { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(try await rows.queue() == InboxQueue(waiting: 0, triaging: 0, done: 900))
        let groups = try await rows.groups()
        #expect(groups.map(\.signature).sorted() == [Self.bugSignature, ReportTriage.noFailure].sorted())
        var stored: [String] = []
        for group in groups {
            let reports = try await rows.reports(inGroup: group.id)
            stored += reports.map(\.labels.deviceReportID)
            let builds = Set(reports.map(\.labels.appVersion))
            #expect(reports.count == 450)
            #expect(builds == [group.signature == Self.bugSignature ? "2.0" : "1.9"], "\(group.signature): \(builds)")
        }
        #expect(stored.count == 900 && Set(stored) == Set(sealed))

        // The bug's group: its shrunk tape, pulled as a developer would, fails repro the same way.
        let bug = try #require(groups.first { $0.signature == Self.bugSignature })
        #expect(bug.versions == ["2.0 (200)"])
        let pulled = try await inbox.tapedeck(["inbox", "pull", bug.id, "--to", folder.path] + inbox.options("a"))
        #expect(pulled.status == 0, "\(pulled.standardError)")
        let repro = try await inbox.tapedeck(["repro", folder.file("\(bug.id).shrunk.tape")])
        #expect(repro.status == 1)
        #expect(repro.standardOutput.contains("decode error c2s message.eventId"), "\(repro.standardOutput)")
        let listed = try await inbox.tapedeck(["inbox", "ls"] + inbox.options("b"))
        #expect(listed.standardOutput.hasPrefix("900 reports: 900 triaged, 0 being triaged, 0 waiting"))

        first.signal(SIGTERM)
        second.signal(SIGTERM)
        #expect(await first.wait(seconds: 60).status == 0)
        #expect(await second.wait(seconds: 60).status == 0)
    }
}
