import TapedeckCore

/// The collector's answer to an upload: the HTTP status and a JSON body, `{"report":…}` or
/// `{"error":…}`.
package struct IntakeAnswer: Sendable, Equatable {
    package var status: Int
    package var body: String

    package init(status: Int, body: String) {
        self.status = status
        self.body = body
    }

    static func stored(_ id: String, duplicate: Bool) -> IntakeAnswer {
        var json = JSONWriter(capacity: 64)
        json.beginObject()
        json.member("report", id)
        json.member("duplicate", duplicate)
        json.endObject()
        return IntakeAnswer(status: duplicate ? 200 : 201, body: String(decoding: json.bytes, as: UTF8.self) + "\n")
    }

    static func refused(_ status: Int, _ message: String) -> IntakeAnswer {
        var json = JSONWriter(capacity: 64 + message.utf8.count)
        json.beginObject()
        json.member("error", message)
        json.endObject()
        return IntakeAnswer(status: status, body: String(decoding: json.bytes, as: UTF8.self) + "\n")
    }
}
