import Foundation
import TapedeckS3
import Testing

/// The signer's parts that the suite does not reach: timestamps, S3's headers, unsigned payloads.
@Suite struct SigV4SignerTests {
    @Test func timestampsFormatAndParseTheSameMoment() throws {
        let time = try #require(SigV4Timestamp(secondsSince1970: 1_440_938_160))
        #expect(time.amzDate == "20150830T123600Z")
        #expect(time.dateStamp == "20150830")
        #expect(SigV4Timestamp(amzDate: "20150830T123600Z") == time)
        #expect(SigV4Timestamp(Date(timeIntervalSince1970: 1_440_938_160.999)) == time)
        // Leap days and the ends of the range.
        #expect(SigV4Timestamp(amzDate: "20240229T235959Z")?.secondsSince1970 == 1_709_251_199)
        #expect(SigV4Timestamp(secondsSince1970: 0)?.amzDate == "19700101T000000Z")
        #expect(SigV4Timestamp(secondsSince1970: SigV4Timestamp.latestSecond)?.amzDate == "99991231T235959Z")
    }

    @Test func timestampsOutOfRangeOrMalformedAreRefused() {
        #expect(SigV4Timestamp(secondsSince1970: -1) == nil)
        #expect(SigV4Timestamp(secondsSince1970: SigV4Timestamp.latestSecond + 1) == nil)
        #expect(SigV4Timestamp(Date(timeIntervalSince1970: -0.5)) == nil)
        for text in ["20230229T000000Z", "20150830T243600Z", "20150830 123600Z", "2015083T1236000Z", "20150830T123600"] {
            #expect(SigV4Timestamp(amzDate: text) == nil, "\(text)")
        }
    }

    /// S3's signer adds and signs x-amz-content-sha256 and the session token, and encodes each key
    /// segment once (a `%` in a key is `%25`, a space `%20`, a `+` `%2B`).
    @Test func s3SignsTheContentHashAndTheTokenAndEncodesKeysOnce() throws {
        let signer = SigV4Signer.s3(
            credentials: AWSCredentials(accessKeyID: "AKID", secretAccessKey: "secret", sessionToken: "token/+="),
            region: "eu-west-1")
        let signed = signer.sign(
            SigV4Request(method: "PUT", path: "/bucket/50% off/a+b", headers: [SigV4Field("Host", "s3.example")]),
            at: SigV4Timestamp(amzDate: "20261129T000000Z")!, payload: SigV4PayloadHash(bytes: Array("tape".utf8)))
        let lines = signed.canonicalRequest.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1] == "/bucket/50%25%20off/a%2Bb")
        // sha256sum of the four bytes `tape`.
        #expect(lines[4] == "x-amz-content-sha256:8ba4ec7d634f794ec260675876415c279bcd46e3705d5ffda147a65db9e15a12")
        #expect(lines[6] == "x-amz-security-token:token/+=")
        #expect(lines[8] == "host;x-amz-content-sha256;x-amz-date;x-amz-security-token")
        #expect(lines[9] == "8ba4ec7d634f794ec260675876415c279bcd46e3705d5ffda147a65db9e15a12")
        #expect(signed.authorization.hasPrefix("AWS4-HMAC-SHA256 Credential=AKID/20261129/eu-west-1/s3/aws4_request, "))
    }

    @Test func anUnsignedPayloadIsSentAndSignedAsSuch() {
        let signed = SigV4Signer.s3(credentials: AWSCredentials(accessKeyID: "A", secretAccessKey: "S"), region: "us-east-1")
            .sign(
                SigV4Request(method: "PUT", path: "/b/k", headers: [SigV4Field("Host", "h")]),
                at: SigV4Timestamp(secondsSince1970: 0)!, payload: .unsigned)
        #expect(signed.canonicalRequest.hasSuffix("\nUNSIGNED-PAYLOAD"))
        #expect(signed.headers.contains(SigV4Field("X-Amz-Content-SHA256", "UNSIGNED-PAYLOAD")))
    }

    @Test func theEmptyPayloadHashIsSHA256OfNothing() {
        #expect(SigV4PayloadHash.empty.text == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
