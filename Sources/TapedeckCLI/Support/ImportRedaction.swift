import TapedeckRedaction
import TapedeckTape

/// What `import` does to a HAR session before it is written: the recording proxy's redaction, with
/// a key of the tape's own (random, as the proxy's per tape), over the URL, the request target,
/// both header lists and every text message.
struct ImportRedaction {
    let redactor: Redactor

    init(rules: RedactionRules) {
        var random = SystemRandomNumberGenerator()
        redactor = Redactor(rules: rules, key: (0..<32).map { _ in random.next() })
    }

    func apply(to session: inout TapeHARImport.Session) {
        var metadata = session.metadata
        metadata.upstreamURL = metadata.upstreamURL.map(redactor.redactRequestTarget)
        metadata.requestTarget = metadata.requestTarget.map(redactor.redactRequestTarget)
        metadata.requestHeaders = metadata.requestHeaders.map {
            .init($0.name, redactor.redactHeader(name: $0.name, value: $0.value))
        }
        metadata.responseHeaders = metadata.responseHeaders.map {
            .init($0.name, redactor.redactHeader(name: $0.name, value: $0.value))
        }
        session.metadata = metadata
        for index in session.records.indices where session.records[index].kind == .text {
            if let redacted = redactor.redactJSON(session.records[index].payload) { session.records[index].payload = redacted }
        }
    }
}
