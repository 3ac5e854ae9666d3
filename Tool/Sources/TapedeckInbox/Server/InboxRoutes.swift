import Foundation
import TapedeckInvestigation
import TapedeckTape

/// What `inbox serve` answers, apart from HTTP's framing: uploads at `POST /v1/reports` (upload
/// token), the team's pages and downloads (read token, as `Authorization: Bearer` or the cookie
/// the login form sets), `GET /healthz` for a load balancer.
package struct InboxRoutes: Sendable {
    package var intake: UploadIntake
    package var rows: any InboxRows { intake.rows }
    package var blobs: any TapeBlobs { intake.blobs }
    /// Whether the listener is TLS: the cookie is then marked Secure.
    package var secure: Bool

    package static let cookieName = "tapedeck_inbox"

    package init(intake: UploadIntake, secure: Bool) {
        self.intake = intake
        self.secure = secure
    }

    package func answer(_ request: InboxRequest) async -> InboxResponse {
        switch (request.method, request.path) {
        case ("GET", "/healthz"): return .text(200, "ok\n")
        case ("POST", "/v1/reports"):
            return .json(
                await intake.receive(
                    authorization: request.headers["authorization"], contentType: request.headers["content-type"],
                    body: request.body))
        case ("POST", "/login"): return login(request)
        case (_, "/v1/reports"), (_, "/login"): return .text(405, "\(request.path) takes POST only\n")
        default: break
        }
        guard request.method == "GET" else {
            return .text(405, "the inbox's pages take GET only\n")
        }
        let token = InboxTokens.bearer(request.headers["authorization"]) ?? request.cookie(Self.cookieName)
        guard intake.tokens.allowsReading(token) else { return .html(401, InboxPage.login(wrongToken: token != nil)) }
        do {
            return try await page(request)
        } catch {
            return .text(503, "the inbox cannot read its store now: \(error)\n")
        }
    }

    /// The form's token, checked and set as a cookie the pages then read.
    private func login(_ request: InboxRequest) -> InboxResponse {
        let token = FormText.pairs(String(decoding: request.body, as: UTF8.self))["token"]
        guard intake.tokens.allowsReading(token), let token else { return .html(401, InboxPage.login(wrongToken: true)) }
        let cookie = "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
        return InboxResponse(status: 303, headers: [("Location", "/"), ("Set-Cookie", cookie)], body: [])
    }

    private func page(_ request: InboxRequest) async throws(InboxError) -> InboxResponse {
        let today = intake.now() / 86_400_000
        let parts = request.path.split(separator: "/").map(String.init)
        switch parts.count {
        case 0:
            return .html(
                200,
                InboxPage.groups(
                    try await rows.groups(), daily: try await rows.dailyCounts(groupID: nil), queue: try await rows.queue(),
                    today: today, recent: request.query["sort"] == "recent"))
        case 2 where parts[0] == "groups":
            guard let group = try await rows.group(id: parts[1]) else { return notFound(request) }
            return .html(
                200,
                InboxPage.group(
                    group, reports: try await rows.reports(inGroup: group.id),
                    daily: try await rows.dailyCounts(groupID: group.id), today: today))
        case 3 where parts[0] == "groups" && parts[2] == "shrunk.tape":
            guard let key = try await rows.group(id: parts[1])?.shrunkKey, let bytes = try await blobs.get(key) else {
                return notFound(request)
            }
            return .tape(bytes, name: "\(parts[1]).shrunk.tape")
        case 2 where parts[0] == "reports":
            guard let report = try await rows.report(id: parts[1]) else { return notFound(request) }
            return .html(200, InboxPage.report(report))
        case 3 where parts[0] == "reports" && parts[2] == "tape":
            guard let report = try await rows.report(id: parts[1]), let bytes = try await blobs.get(report.tapeKey) else {
                return notFound(request)
            }
            return .tape(bytes, name: "\(report.id).tape")
        case 3 where parts[0] == "reports" && parts[2] == "report.html":
            guard let report = try await rows.report(id: parts[1]), let bytes = try await blobs.get(report.tapeKey) else {
                return notFound(request)
            }
            return try sessionReport(report, bytes)
        default:
            return notFound(request)
        }
    }

    /// `tapedeck report`'s page of the stored tape.
    private func sessionReport(_ report: InboxReport, _ bytes: [UInt8]) throws(InboxError) -> InboxResponse {
        let path = "\(intake.scratch)/page-\(report.id)-\(UInt32.random(in: 0...UInt32.max)).tape"
        defer { unlink(path) }
        do {
            try ScratchFile.write(bytes, to: path)
            let built = try SessionReportBuilder().build(tapePaths: [path], until: nil)
            return .html(200, ReportPage.render(built).replacingOccurrences(of: path, with: "\(report.id).tape"))
        } catch {
            throw InboxError("cannot make the session report of \(report.id): \(error)")
        }
    }

    private func notFound(_ request: InboxRequest) -> InboxResponse {
        .text(404, "the inbox has nothing at \(request.path)\n")
    }
}
