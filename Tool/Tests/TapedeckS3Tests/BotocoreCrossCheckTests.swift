import Foundation
import TapedeckS3
import TestSupport
import Testing

/// The same S3 requests signed by botocore (S3SigV4Auth, what boto3 and the AWS CLI use) and by
/// `SigV4Signer.s3`: the same `Authorization` header, byte for byte. Keys with spaces, UTF-8,
/// `~`, parentheses and slashes, a session token, a body and an empty one.
@Suite(.ownThread, .tags(.integration)) struct BotocoreCrossCheckTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var method: String
        var key: String
        var body: [UInt8]
        var contentType: String?
        var sessionToken: String?
        var region: String
        var testDescription: String { "\(method) \(key)" }
    }

    static let cases = [
        Case(
            method: "PUT", key: "reports/a b/ሴ~(1)+x.tape", body: Array(0...255), contentType: "application/vnd.tapedeck.tape",
            sessionToken: "FwoGZXIvYXdzEJr//////////wEaDOtapedeckTOKEN+/=", region: "eu-central-1"),
        Case(method: "GET", key: "tapes/2026/report.tape", body: [], contentType: nil, sessionToken: nil, region: "us-east-1"),
        Case(method: "DELETE", key: "a//b/../c", body: [], contentType: nil, sessionToken: nil, region: "us-west-2"),
    ]

    /// botocore signs one request at 2026-11-29T10:05:07Z; the inputs come in the environment
    /// (the secret never on a command line), the Authorization header goes out on standard output.
    static let script = """
        import datetime, os, urllib.parse
        import botocore.auth
        from botocore.awsrequest import AWSRequest
        from botocore.credentials import Credentials
        botocore.auth.get_current_datetime = lambda: datetime.datetime(2026, 11, 29, 10, 5, 7)
        e = os.environ
        url = "http://127.0.0.1:9000/tapedeck-inbox/" + urllib.parse.quote(e["S3_KEY"], safe="/~")
        headers = {"Content-Type": e["S3_CONTENT_TYPE"]} if e.get("S3_CONTENT_TYPE") else {}
        request = AWSRequest(method=e["S3_METHOD"], url=url, data=bytes.fromhex(e["S3_BODY"]), headers=headers)
        credentials = Credentials(e["S3_ACCESS_KEY"], e["S3_SECRET"], e.get("S3_TOKEN") or None)
        botocore.auth.S3SigV4Auth(credentials, "s3", e["S3_REGION"]).add_auth(request)
        print(request.headers["Authorization"])
        """

    /// The project's Python when it has botocore (`make pydeps` installs moto[server], which brings
    /// it), else python3 from the PATH.
    static func python() async throws -> String {
        let venv = ChildProcess.python
        if FileManager.default.isExecutableFile(atPath: venv),
            try await ChildProcess.run(venv, ["-c", "import botocore"], seconds: 60).status == 0
        {
            return venv
        }
        return try #require(ChildProcess.which("python3"), "no python3 on the PATH")
    }

    @Test(arguments: cases)
    func sameAuthorizationAsBotocore(_ check: Case) async throws {
        let credentials = AWSCredentials(
            accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            sessionToken: check.sessionToken)
        let body = check.body.map { String(format: "%02x", $0) }.joined()
        let botocore = try await ChildProcess.run(
            try await Self.python(), ["-c", Self.script],
            environment: [
                "S3_METHOD": check.method, "S3_KEY": check.key, "S3_BODY": body, "S3_CONTENT_TYPE": check.contentType ?? "",
                "S3_ACCESS_KEY": credentials.accessKeyID, "S3_SECRET": credentials.secretAccessKey,
                "S3_TOKEN": check.sessionToken ?? "", "S3_REGION": check.region,
            ], seconds: 120)
        try #require(botocore.status == 0, "botocore failed: \(botocore.standardError)")

        var headers = [SigV4Field("Host", "127.0.0.1:9000")]
        if let contentType = check.contentType { headers.append(SigV4Field("Content-Type", contentType)) }
        let signed = SigV4Signer.s3(credentials: credentials, region: check.region).sign(
            SigV4Request(method: check.method, path: "/tapedeck-inbox/" + check.key, headers: headers),
            at: SigV4Timestamp(amzDate: "20261129T100507Z")!, payload: SigV4PayloadHash(bytes: check.body))
        #expect(signed.authorization == botocore.output.first)
    }
}
