import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A connect error in a few words, for people: the system's reason per address tried, a failed
/// name lookup, or the connect timeout, instead of NIO's `SingleConnectionFailure(...)` dumps.
package enum ConnectFailure {
    package static func describe(_ error: Error) -> String {
        if let error = error as? NIOConnectionError {
            let reasons = error.connectionErrors.map { "\($0.target.ipAddress ?? "?"): \(describeSocketError($0.error))" }
            if !reasons.isEmpty { return reasons.joined(separator: "; ") }
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "cannot resolve the host name \(error.host)" }
        }
        if case SocketAddressError.unknown(let host, _) = error { return "cannot resolve the host name \(host)" }
        return describeSocketError(error)
    }

    private static func describeSocketError(_ error: Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        if case ChannelError.connectTimeout(let amount) = error {
            return "no connection within \(amount.nanoseconds / 1_000_000_000) s"
        }
        return "\(error)"
    }
}
