import Foundation
import TapedeckInbox
import TapedeckTestFixtures
import Testing

/// The inbox's settings from files and URLs: the tokens file (and the one the store makes), the
/// PostgreSQL address. Each mistake names where it is and what to write instead.
struct InboxSettingsTests {
    @Test func aTokensFileNamesAppsAndReaders() throws {
        let tokens = try InboxTokens(
            parsing: "# beta\nupload baolife aaaaaaaaaaaaaaaa1\n\nupload bao-ipad bbbbbbbbbbbbbbbb2\nread cccccccccccccccc3\n",
            source: "tokens")
        #expect(tokens.app(uploading: "Bearer aaaaaaaaaaaaaaaa1") == "baolife")
        #expect(tokens.app(uploading: "bearer bbbbbbbbbbbbbbbb2") == "bao-ipad")
        #expect(tokens.app(uploading: "Bearer cccccccccccccccc3") == nil)
        #expect(tokens.app(uploading: "aaaaaaaaaaaaaaaa1") == nil)
        #expect(tokens.app(uploading: nil) == nil)
        #expect(tokens.allowsReading("cccccccccccccccc3"))
        #expect(!tokens.allowsReading("aaaaaaaaaaaaaaaa1"))
        #expect(!tokens.allowsReading(nil))
    }

    @Test(arguments: [
        (
            "upload baolife short\nread cccccccccccccccc3\n",
            "tokens:1: a token must have at least 16 characters (`openssl rand -hex 24` makes one)"
        ),
        (
            "upload baolife aaaaaaaaaaaaaaaa1\nwrite cccccccccccccccc3\n",
            "tokens:2: expected `upload APP TOKEN` or `read TOKEN` (got write and 1 more words)"
        ),
        (
            "upload baolife aaaaaaaaaaaaaaaa1\n",
            "tokens: needs at least one `upload APP TOKEN` line and one `read TOKEN` line"
        ),
    ])
    func aBadTokensFileSaysWhereAndWhat(_ text: String, _ message: String) {
        #expect(throws: InboxError.self) { try InboxTokens(parsing: text, source: "tokens") }
        do { _ = try InboxTokens(parsing: text, source: "tokens") } catch { #expect(error.description == message) }
    }

    @Test func theStoreMakesItsTokensFileOnceReadableByItsOwnerOnly() async throws {
        let folder = try TestFolder("tapedeck-inbox-tokens")
        defer { folder.remove() }
        let store = try await InboxStore.open(folder: folder.path, postgres: nil, bucket: nil, tokens: nil)
        var made: [String] = []
        let tokens = try store.tokens { made.append($0) }
        #expect(made == [folder.file("tokens")])
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("tokens"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let text = try #require(folder.read("tokens"))
        let upload = try #require(text.split(separator: "\n").first { $0.hasPrefix("upload default ") })
        let token = String(upload.dropFirst("upload default ".count))
        #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
        #expect(tokens.app(uploading: "Bearer " + token) == "default")
        // A second start reads the same file.
        _ = try store.tokens { made.append($0) }
        #expect(made.count == 1)
    }

    @Test func aPostgresURLTakesItsPasswordFromTheEnvironment() throws {
        let url = try PostgresURL("postgres://inbox@db.internal:6543/reports", environment: ["PGPASSWORD": "s3cret"])
        #expect(url.host == "db.internal" && url.port == 6543 && url.user == "inbox" && url.database == "reports")
        #expect(url.password == "s3cret" && !url.requiresTLS)
        #expect(url.description == "postgres://inbox@db.internal:6543/reports")
        let given = try PostgresURL("postgresql://in%40box:p%3Aw@[::1]/r?sslmode=require")
        #expect(given.user == "in@box" && given.password == "p:w" && given.host == "::1" && given.port == 5432)
        #expect(given.requiresTLS && !given.description.contains("p:w"))
    }

    @Test(arguments: [
        ("mysql://u@h/d", "give --postgres as postgres://USER@HOST[:PORT]/DATABASE (got mysql://u@h/d)"),
        ("postgres://h/d", "give --postgres as postgres://USER@HOST[:PORT]/DATABASE (got postgres://h/d)"),
        ("postgres://u@h:70000/d", "the port of --postgres must be 1 to 65535 (got postgres://u@h:70000/d)"),
        (
            "postgres://u@h/d?sslmode=verify-full",
            "--postgres takes ?sslmode=disable or ?sslmode=require only (got ?sslmode=verify-full)"
        ),
    ])
    func aBadPostgresURLSaysWhatToGive(_ text: String, _ message: String) {
        do {
            _ = try PostgresURL(text)
            Issue.record("\(text) was taken")
        } catch { #expect(error.description == message) }
    }
}
