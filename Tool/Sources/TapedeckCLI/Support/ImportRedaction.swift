import TapedeckProxy
import TapedeckRedaction
import TapedeckTape

/// What `import` does to a HAR session before it is written: the recording proxy's redaction
/// (`Redactor.redactingHandshake`, and the messages as the proxy's recorder does them), with
/// a key of the tape's own (random, as the proxy's per tape), over the URL, the request target,
/// both header lists and every text message.
struct ImportRedaction {
    let redactor: Redactor

    init(rules: RedactionRules) {
        var random = SystemRandomNumberGenerator()
        redactor = Redactor(rules: rules, key: Redactor.key(using: &random))
    }

    func apply(to session: inout TapeHARImport.Session) {
        // The proxy's header redaction, and the URL, which a HAR gives whole (the proxy's comes
        // from its own --upstream).
        session.metadata = redactor.redactingHeader(of: session.metadata)
        session.records = session.records.map(redactor.redacting)
    }
}
