import TapedeckCore
import TapedeckRedaction
import Testing

@Suite struct RedactorTests {
    let redactor = Redactor(rules: .defaults, key: Array(repeating: 7, count: 32))

    @Test func tokenIsKeyedHashPrefix() {
        let token = redactor.token(for: Array("s3cret".utf8))
        #expect(token.hasPrefix("redacted:"))
        #expect(token.count == "redacted:".count + 12)
        #expect(token == redactor.token(for: "s3cret".utf8))
        #expect(token != redactor.token(for: "s3creT".utf8))
        let otherKey = Redactor(rules: .defaults, key: Array(repeating: 8, count: 32))
        #expect(otherKey.token(for: "s3cret".utf8) != token)
    }

    @Test func jsonKeepsEveryOtherByte() throws {
        let text = #"{"type":"createCharacter", "message":{"name":"Ada","deviceToken" : "abc\"def","n":[1,2,{"receipt":"R"}]}}"#
        let redacted = try #require(redactor.redactJSON(Array(text.utf8)))
        let secret = redactor.token(for: Array(#"abc"def"#.utf8))
        let receipt = redactor.token(for: "R".utf8)
        let expected =
            #"{"type":"createCharacter", "message":{"name":"Ada","deviceToken" : ""# + secret
            + #"","n":[1,2,{"receipt":""# + receipt + #""}]}}"#
        #expect(String(decoding: redacted, as: UTF8.self) == expected)
    }

    @Test func nothingToRedactReturnsNil() {
        #expect(redactor.redactJSON(Array(#"{"type":"u","message":{"token":"x"}}"#.utf8)) == nil)
        #expect(redactor.redactJSON(Array("not json deviceToken".utf8)) == nil)
    }

    @Test func nonStringValuesBecomeTokens() throws {
        let rules = RedactionRules(jsonKeys: ["card"])
        let redactor = Redactor(rules: rules, key: [1, 2, 3])
        let out = try #require(redactor.redactJSON(Array(#"{"card":{"number":4111,"cvv":"1"},"x":1}"#.utf8)))
        let token = redactor.token(for: Array(#"{"number":4111,"cvv":"1"}"#.utf8))
        #expect(String(decoding: out, as: UTF8.self) == #"{"card":""# + token + #"","x":1}"#)
    }

    @Test func pointerMatchesOnePlaceOnly() throws {
        let rules = try RedactionRules.parse("pointer /message/items/1/code\n", source: "rules")
        let redactor = Redactor(rules: rules, key: [9])
        let text = #"{"message":{"items":[{"code":"a"},{"code":"b"}],"code":"c"}}"#
        let out = try #require(redactor.redactJSON(Array(text.utf8)))
        let token = redactor.token(for: "b".utf8)
        #expect(
            String(decoding: out, as: UTF8.self) == #"{"message":{"items":[{"code":"a"},{"code":""# + token + #""}],"code":"c"}}"#
        )
    }

    @Test func headersKeepSchemeAndCookieNames() {
        let token = redactor.token(for: "s3cret".utf8)
        #expect(redactor.redactHeader(name: "Authorization", value: "Bearer s3cret") == "Bearer " + token)
        #expect(
            redactor.redactHeader(name: "cookie", value: "session=s3cret; theme=dark")
                == "session=\(token); theme=\(redactor.token(for: "dark".utf8))")
        #expect(
            redactor.redactHeader(name: "Set-Cookie", value: "session=s3cret; Path=/; HttpOnly")
                == "session=\(token); Path=/; HttpOnly")
        #expect(redactor.redactHeader(name: "User-Agent", value: "BaoLife/7") == "BaoLife/7")
        #expect(redactor.redactRequestTarget("/wss/?token=s3cret&v=3") == "/wss/?token=\(token)&v=3")
    }

    /// Issue 23, finding 7: a percent-encoded name hid the secret from the rules.
    @Test func percentEncodedQueryNamesAndValuesAreRedactedAsTheServerReadsThem() {
        let token = redactor.token(for: "s3cret".utf8)
        #expect(redactor.redactRequestTarget("/wss/?%74oken=s3cret") == "/wss/?%74oken=\(token)")
        #expect(redactor.redactRequestTarget("/wss/?%54%4F%4B%45%4E=s3cret&v=3") == "/wss/?%54%4F%4B%45%4E=\(token)&v=3")
        // The value is hashed as decoded: the same secret gets the same token however it is spelt.
        #expect(redactor.redactRequestTarget("/wss/?token=s%33cret") == "/wss/?token=\(token)")
        // Not a valid escape: compared as written, so nothing matches and nothing changes.
        #expect(redactor.redactRequestTarget("/wss/?tok%zzen=s3cret") == "/wss/?tok%zzen=s3cret")
        #expect(!redactor.redactRequestTarget("/wss/?a=1&%74%6F%6B%65%6E=s3cret").contains("s3cret"))
    }

    /// Issue 34, finding 8: `;` separators, array brackets and a NUL after the name hid the secret.
    @Test func semicolonsBracketsAndNULsDoNotHideAQueryName() {
        let token = redactor.token(for: "S".utf8)
        #expect(redactor.redactRequestTarget("/ws?x=1;token=S") == "/ws?x=1;token=\(token)")
        #expect(redactor.redactRequestTarget("/ws?token[]=S") == "/ws?token[]=\(token)")
        #expect(redactor.redactRequestTarget("/ws?token%5B%5D=S") == "/ws?token%5B%5D=\(token)")
        #expect(redactor.redactRequestTarget("/ws?token%00=S") == "/ws?token%00=\(token)")
        #expect(
            redactor.redactRequestTarget("/ws?v=3;Access_Token[0]=S&x=1;y=2&token%00x=S")
                == "/ws?v=3;Access_Token[0]=\(token)&x=1;y=2&token%00x=\(token)")
        // Names that only start like a secret's are left alone.
        #expect(redactor.redactRequestTarget("/ws?tokens=S;x_token=S&;") == "/ws?tokens=S;x_token=S&;")
        #expect(token.hasPrefix("redacted:") && token.count == 21)
    }

    @Test func rulesFileErrorsSayWhere() {
        #expect(
            throws: TextFileError(
                path: "r.txt", line: 3, column: 3,
                message: "unknown rule kind `cookie`: use header, json, pointer or query")
        ) {
            try RedactionRules.parse("# secrets\nheader X-Api-Key\n  cookie session\n", source: "r.txt")
        }
        #expect(throws: TextFileError.self) { try RedactionRules.parse("pointer message/x", source: "r") }
        #expect(throws: TextFileError.self) { try RedactionRules.parse("json", source: "r") }
    }

    @Test func rulesFileParses() throws {
        let rules = try RedactionRules.parse(
            "header X-Api-Key # the key\n\njson password\npointer /a~1b/~0c\nquery sig\n", source: "r")
        #expect(rules.headers == ["x-api-key"])
        #expect(rules.jsonKeys == ["password"])
        #expect(rules.jsonPointers == [["a/b", "~c"]])
        #expect(rules.queryParameters == ["sig"])
    }

    /// Issue 41, finding 4: forms that reached the tape verbatim.
    @Test func secretsInTheFormsThatSlippedPastAreRedacted() {
        let token = redactor.token(for: "S".utf8)
        // A cookie without a name, as browsers send it.
        #expect(redactor.redactHeader(name: "Cookie", value: "SECRET") == redactor.token(for: "SECRET".utf8))
        #expect(redactor.redactHeader(name: "Cookie", value: "a=1; S") == "a=\(redactor.token(for: "1".utf8)); \(token)")
        #expect(redactor.redactHeader(name: "Set-Cookie", value: "S; HttpOnly") == "\(token); HttpOnly")
        // A bearer token carried as a subprotocol; the protocol names themselves stay.
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtZWkifQ.c2lnbmF0dXJl"
        #expect(
            redactor.redactHeader(name: "Sec-WebSocket-Protocol", value: "baolife, access_token, S")
                == "baolife, access_token, \(token)")
        #expect(redactor.redactHeader(name: "sec-websocket-protocol", value: "Bearer, S") == "Bearer, \(token)")
        #expect(
            redactor.redactHeader(name: "Sec-WebSocket-Protocol", value: "v2.baolife, \(jwt)")
                == "v2.baolife, \(redactor.token(for: jwt.utf8))")
        #expect(redactor.redactHeader(name: "Sec-WebSocket-Protocol", value: "baolife") == "baolife")
        // A fragment, a name encoded twice, a name with a dotted suffix.
        #expect(redactor.redactRequestTarget("/wss/?a=1#token=S") == "/wss/?a=1#token=\(token)")
        #expect(redactor.redactRequestTarget("/wss/#access_token=S&x=1") == "/wss/#access_token=\(token)&x=1")
        #expect(redactor.redactRequestTarget("/wss/?%2574oken=S") == "/wss/?%2574oken=\(token)")
        #expect(redactor.redactRequestTarget("/wss/?token.x=S") == "/wss/?token.x=\(token)")
        #expect(redactor.redactRequestTarget("/wss/?tokens=S&v=3") == "/wss/?tokens=S&v=3")
    }
}
