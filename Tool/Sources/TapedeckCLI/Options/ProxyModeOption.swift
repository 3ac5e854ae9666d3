import ArgumentParser
import TapedeckProxy

/// `record --mode reverse|forward`: how the app reaches the proxy (docs/RECORDING.md).
enum ProxyModeOption: String, CaseIterable, ExpressibleByArgument {
    /// The app connects to the proxy's URL, and every session goes to --upstream.
    case reverse
    /// The proxy is the device's HTTP proxy; sessions to --intercept hosts are recorded.
    case forward
}

extension InterceptPattern {
    /// `--intercept`'s transform: a bad pattern is a usage error that says what is wrong.
    static func argument(_ text: String) throws -> InterceptPattern {
        switch InterceptPattern.parse(text) {
        case .success(let pattern): return pattern
        case .failure(let error): throw ValidationError(error.reason + ", e.g. lichun.app:443 or *.lichun.app")
        }
    }

    /// `--pass-through`'s transform: the same forms, named for that option.
    static func passThroughArgument(_ text: String) throws -> InterceptPattern {
        switch InterceptPattern.parse(text) {
        case .success(let pattern): return pattern
        case .failure(let error): throw ValidationError(error.reason + ", e.g. cdn.lichun.app, *.googleapis.com or '*'")
        }
    }
}

extension AddressRange {
    /// `--allow-clients`'s transform.
    static func argument(_ text: String) throws -> AddressRange {
        switch AddressRange.parse(text) {
        case .success(let range): return range
        case .failure(let error): throw ValidationError(error.reason)
        }
    }
}
