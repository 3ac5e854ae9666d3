import TapedeckCore
import TapedeckProtocol
import Testing

@testable import TapedeckState

@Suite struct CanonicalJSONTests {
    static let sample: JSONValue = .object([
        "b": .int(-12),
        "a": .array([
            .null, .bool(true), .bool(false), .double(0.1), .double(-0.0), .double(1e21), .double(.nan),
            .double(-.infinity), .double(2.5), .double(1e-7), .double(100),
        ]),
        "é": .string("é"),
        "Z": .string("quote\" back\\ slash/ nl\n cr\r tab\t bs\u{08} ff\u{0C} ctl\u{01}\u{1F} emoji 😀"),
        "empty": .object([:]),
        "list": .array([]),
        "nested": .object(["k": .array([.int(1), .object(["x": .int(Int.max), "W": .int(Int.min)])])]),
    ])

    @Test func prettyFormIsExact() {
        let expected = #"""
            {
              "Z": "quote\" back\\ slash/ nl\n cr\r tab\t bs\b ff\f ctl\u0001\u001f emoji 😀",
              "a": [
                null,
                true,
                false,
                0.1,
                0.0,
                1e+21,
                null,
                null,
                2.5,
                1e-07,
                100.0
              ],
              "b": -12,
              "empty": {},
              "list": [],
              "nested": {
                "k": [
                  1,
                  {
                    "W": -9223372036854775808,
                    "x": 9223372036854775807
                  }
                ]
              },
              "é": "é"
            }

            """#
        #expect(Self.sample.canonicalJSONString() == expected)
        #expect(Self.sample.canonicalJSON().last == UInt8(ascii: "\n"))
    }

    @Test func compactFormIsExact() {
        let expected =
            #"{"Z":"quote\" back\\ slash/ nl\n cr\r tab\t bs\b ff\f ctl\u0001\u001f emoji 😀","a":[null,true,false,0.1,0.0,1e+21,null,null,2.5,1e-07,100.0],"b":-12,"empty":{},"list":[],"nested":{"k":[1,{"W":-9223372036854775808,"x":9223372036854775807}]},"é":"é"}"#
        #expect(Self.sample.canonicalJSONString(pretty: false) == expected)
    }

    @Test func keysSortByUTF8BytesNotByStringComparisonOrLocale() {
        // "e" + U+0301 (bytes 65 CC 81) sorts before "f" (66) by bytes, while Swift's `<` compares the
        // normalized "é" (U+00E9) and puts it after "f". Uppercase sorts before lowercase.
        let value: JSONValue = .object([
            "f": .int(1), "e\u{0301}x": .int(2), "a": .int(3), "B": .int(4), "😀": .int(5), "Ａ": .int(6),
        ])
        #expect(value.canonicalJSONString(pretty: false) == "{\"B\":4,\"a\":3,\"e\u{0301}x\":2,\"f\":1,\"Ａ\":6,\"😀\":5}")
    }

    @Test func scalarsAtTheTopLevel() {
        #expect(JSONValue.string("x").canonicalJSONString() == "\"x\"\n")
        #expect(JSONValue.int(0).canonicalJSONString(pretty: false) == "0")
        #expect(JSONValue.double(.infinity).canonicalJSONString(pretty: false) == "null")
    }
}
