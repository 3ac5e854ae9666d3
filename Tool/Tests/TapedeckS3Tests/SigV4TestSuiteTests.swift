import Foundation
import TapedeckS3
import Testing

/// AWS's SigV4 test suite, every case: the canonical request, the string to sign and the
/// `Authorization` header, each compared byte for byte. Three of the suite's own files disagree
/// with the rest of their case (Fixtures/aws-sig-v4-test-suite/README.md says how); those checks
/// are replaced as noted, never dropped silently.
@Suite struct SigV4TestSuiteTests {
    static let credentials = AWSCredentials(
        accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")
    static let time = SigV4Timestamp(amzDate: "20150830T123600Z")!
    /// The session token aws-c-auth's get-vanilla-with-session-token case signs with (its .creq).
    static let sessionToken = "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267"

    /// All 33 cases are there: a folder lost from the bundle fails here, not by running no case.
    @Test func theSuiteHasAllItsCases() {
        let names = SigV4SuiteCase.names()
        #expect(names.count == 33, "\(names)")
        #expect(names.filter { $0.hasPrefix("normalize-path/") }.count == 7)
        #expect(names.contains("get-vanilla") && names.contains("post-sts-token/post-sts-header-before"))
    }

    /// The signer for a case: normalize-path's cases are for services other than S3, which
    /// normalize the path; the rest have nothing to normalize, so they run as S3 would sign them.
    static func signer(for suiteCase: SigV4SuiteCase) -> SigV4Signer {
        var credentials = Self.credentials
        if suiteCase.name == "get-vanilla-with-session-token" { credentials.sessionToken = sessionToken }
        return SigV4Signer(
            credentials: credentials, region: "us-east-1", service: "service",
            normalizesPath: suiteCase.name.hasPrefix("normalize-path/"))
    }

    @Test(arguments: SigV4SuiteCase.names())
    func signsLikeTheSuite(_ name: String) throws {
        let suiteCase = try SigV4SuiteCase(name)
        let signer = Self.signer(for: suiteCase)
        let signed = signer.sign(suiteCase.request, at: Self.time, payload: SigV4PayloadHash(bytes: suiteCase.body))
        #expect(signed.canonicalRequest == suiteCase.canonicalRequest)

        switch name {
        case "post-x-www-form-urlencoded":
            // Its .sts and .authz sign content-type;host;x-amz-date (as its .sreq shows), not the
            // Content-Length its .creq adds: sign the request without it for those two.
            var request = suiteCase.request
            request.headers.removeAll { $0.name == "Content-Length" }
            let withoutLength = signer.sign(request, at: Self.time, payload: SigV4PayloadHash(bytes: suiteCase.body))
            #expect(withoutLength.stringToSign == suiteCase.stringToSign)
            #expect(withoutLength.authorization == suiteCase.authorization)
            #expect(withoutLength.authorization == suiteCase.signedRequestAuthorization)
        case "post-x-www-form-urlencoded-parameters":
            // Its .sts hashes a canonical request other than its .creq (`charset=utf8` and no
            // content-length): only the .creq can be checked, above.
            #expect(signed.stringToSign != suiteCase.stringToSign)
        default:
            #expect(signed.stringToSign == suiteCase.stringToSign)
            #expect(signed.authorization == suiteCase.authorization)
            // aws-c-auth's session-token case left get-vanilla's signature in its .sreq.
            if name != "get-vanilla-with-session-token" {
                #expect(signed.authorization == suiteCase.signedRequestAuthorization)
            }
            #expect(signed.headers.first { $0.name == "Authorization" }?.value == suiteCase.authorization)
        }
        if let token = suiteCase.signedRequestSessionToken, name != "post-sts-token/post-sts-header-after" {
            // The token the .sreq sends is the one the signature covers.
            #expect(signed.headers.contains { $0.name.lowercased() == "x-amz-security-token" && $0.value == token })
        }
    }

    /// post-sts-header-after: a service that takes the token unsigned gets it added after signing,
    /// and the signature is the one of the request without it.
    @Test func aTokenAddedAfterSigningIsNotSigned() throws {
        let suiteCase = try SigV4SuiteCase("post-sts-token/post-sts-header-after")
        let signed = Self.signer(for: suiteCase).sign(suiteCase.request, at: Self.time, payload: .empty)
        #expect(signed.authorization == suiteCase.signedRequestAuthorization)
        #expect(suiteCase.signedRequestSessionToken?.hasPrefix("AQoDYXdzEPT//") == true)
    }

    /// S3 does not normalize: the normalize-path cases' paths are signed as they are.
    @Test func s3SignsNormalizePathCasesWithoutNormalizing() throws {
        let expected = [
            "normalize-path/get-slashes": "//example//", "normalize-path/get-relative": "/example/..",
            "normalize-path/get-slash-dot-slash": "/./", "normalize-path/get-space": "/example%20space/",
        ]
        for (name, path) in expected {
            let suiteCase = try SigV4SuiteCase(name)
            let signed = SigV4Signer.s3(credentials: Self.credentials, region: "us-east-1")
                .sign(suiteCase.request, at: Self.time, payload: .empty)
            #expect(signed.canonicalRequest.split(separator: "\n", omittingEmptySubsequences: false)[1] == path)
        }
    }
}
