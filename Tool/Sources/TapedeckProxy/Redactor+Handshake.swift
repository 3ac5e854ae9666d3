import TapedeckRedaction
import TapedeckTape

extension Redactor {
    /// The handshake a tape's header keeps, as the recording proxy writes it: the request target
    /// and both header lists redacted. `import` of a HAR file applies the same.
    package func redactingHandshake(of metadata: TapeMetadata) -> TapeMetadata {
        var redacted = metadata
        redacted.requestTarget = metadata.requestTarget.map(redactRequestTarget)
        redacted.requestHeaders = metadata.requestHeaders.map { .init($0.name, redactHeader(name: $0.name, value: $0.value)) }
        redacted.responseHeaders = metadata.responseHeaders.map { .init($0.name, redactHeader(name: $0.name, value: $0.value)) }
        return redacted
    }
}
