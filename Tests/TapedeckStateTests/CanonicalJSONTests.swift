import Testing
import TapedeckProtocol
@testable import TapedeckState

@Suite struct CanonicalJSONTests {
    static let sample: JSONValue = .object([
        "b": .int(-12),
        "a": .array([.null, .bool(true), .bool(false), .double(0.1), .double(-0.0), .double(1e21), .double(.nan),
                     .double(-.infinity), .double(2.5), .double(1e-7), .double(100)]),
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
        let expected = #"{"Z":"quote\" back\\ slash/ nl\n cr\r tab\t bs\b ff\f ctl\u0001\u001f emoji 😀","a":[null,true,false,0.1,0.0,1e+21,null,null,2.5,1e-07,100.0],"b":-12,"empty":{},"list":[],"nested":{"k":[1,{"W":-9223372036854775808,"x":9223372036854775807}]},"é":"é"}"#
        #expect(Self.sample.canonicalJSONString(pretty: false) == expected)
    }

    @Test func keysSortByUTF8BytesNotByUnicodeScalarsOrLocale() {
        // U+FF21 (3 bytes) sorts before U+1F600 (4 bytes, starting 0xF0); "B" before "a" (uppercase first).
        let value: JSONValue = .object(["😀": .int(1), "Ａ": .int(2), "a": .int(3), "B": .int(4)])
        #expect(value.canonicalJSONString(pretty: false) == #"{"B":4,"a":3,"Ａ":2,"😀":1}"#)
    }

    @Test func scalarsAtTheTopLevel() {
        #expect(JSONValue.string("x").canonicalJSONString() == "\"x\"\n")
        #expect(JSONValue.int(0).canonicalJSONString(pretty: false) == "0")
        #expect(JSONValue.double(.infinity).canonicalJSONString(pretty: false) == "null")
    }
}
