import Foundation

/// Where a `FlightRecorder` sends its bug reports, and what it says about the app: the collector
/// (`tapedeck inbox serve`) takes each report as one tape over HTTP, `POST /v1/reports`, with the
/// app's upload token. Set it as `FlightRecorderConfiguration.collector`; without one the
/// recorder seals and sends nothing.
///
/// Reports wait in the recorder's folder (`reports/`) until the collector acknowledges them,
/// across launches; the oldest are dropped, and counted, when they would take more than
/// `maximumPendingBytes`. A failed upload is retried after a random wait up to `retryBase`
/// doubled per failure in a row, at most `retryCeiling` ("full jitter").
public struct ReportCollector: Sendable {
    /// The collector's address, e.g. `https://inbox.example.com`; reports go to its `v1/reports`.
    public var url: String
    /// The app's upload token, sent as `Authorization: Bearer TOKEN`.
    public var token: String
    /// How far back a report goes from when it is sealed.
    public var window: Duration
    /// The most disk the reports not yet delivered may take together.
    public var maximumPendingBytes: Int
    /// The longest wait after the first failed upload in a row; each further failure doubles it.
    public var retryBase: Duration
    /// The longest wait between two uploads, however many failed.
    public var retryCeiling: Duration
    /// The app's version (`CFBundleShortVersionString`); the main bundle's when nil.
    public var appVersion: String?
    /// The app's build (`CFBundleVersion`); the main bundle's when nil.
    public var appBuild: String?
    /// The operating system and its version, e.g. `iOS 17.5`; this process's when nil.
    public var operatingSystem: String?
    /// The device's model, e.g. `iPhone15,2`; the machine `uname` names when nil.
    public var deviceModel: String?

    /// A collector and the app's token, with the defaults: reports of the last 5 minutes, at most
    /// 32 MiB of them waiting, retries from 1 s doubling up to an hour.
    ///
    /// - Parameters:
    ///   - url: The collector's http or https address, without query or fragment; reports are
    ///     posted to its path followed by `/v1/reports`.
    ///   - token: The app's upload token: printable ASCII without spaces.
    ///   - window: How far back a report goes; from 1 second to 24 hours.
    ///   - maximumPendingBytes: The most disk the undelivered reports may take; from 4 KiB to 1 TiB.
    ///   - retryBase: The longest wait after one failure; from 1 ms to `retryCeiling`.
    ///   - retryCeiling: The longest wait between two uploads; at most 24 hours.
    ///   - appVersion: The app's version; the main bundle's `CFBundleShortVersionString` when nil.
    ///   - appBuild: The app's build; the main bundle's `CFBundleVersion` when nil.
    ///   - operatingSystem: The system and its version; this process's when nil.
    ///   - deviceModel: The device's model; the machine `uname` names when nil.
    public init(
        url: String, token: String, window: Duration = .seconds(300), maximumPendingBytes: Int = 32 << 20,
        retryBase: Duration = .seconds(1), retryCeiling: Duration = .seconds(3600), appVersion: String? = nil,
        appBuild: String? = nil, operatingSystem: String? = nil, deviceModel: String? = nil
    ) {
        self.url = url
        self.token = token
        self.window = window
        self.maximumPendingBytes = maximumPendingBytes
        self.retryBase = retryBase
        self.retryCeiling = retryCeiling
        self.appVersion = appVersion
        self.appBuild = appBuild
        self.operatingSystem = operatingSystem
        self.deviceModel = deviceModel
    }

    /// The smallest and largest `maximumPendingBytes`: a report's header alone takes a few hundred bytes.
    static let pendingBytesRange = 4096...(1 << 40)
    /// A day, in nanoseconds: the longest window and retry wait.
    static let day: UInt64 = 86_400_000_000_000

    /// The first setting that cannot work, as a sentence saying what to change.
    func problem() -> String? {
        if endpoint == nil {
            return "collector.url must be an http or https address with a host and no query or fragment, "
                + "such as https://inbox.example.com (got \"\(url)\")"
        }
        if token.isEmpty || token.count > 4096 || !token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) {
            return "collector.token must be 1 to 4096 printable ASCII characters without spaces "
                + "(it is sent in the Authorization header); give the app's upload token"
        }
        let window = FlightRecorderConfiguration.nanoseconds(window)
        if window < 1_000_000_000 || window > Self.day {
            return "collector.window must be from 1 second to 24 hours (got \(self.window))"
        }
        if !Self.pendingBytesRange.contains(maximumPendingBytes) {
            return
                "collector.maximumPendingBytes must be from 4096 to \(Self.pendingBytesRange.upperBound) (got \(maximumPendingBytes))"
        }
        let base = FlightRecorderConfiguration.nanoseconds(retryBase)
        let ceiling = FlightRecorderConfiguration.nanoseconds(retryCeiling)
        if ceiling < 1_000_000 || ceiling > Self.day {
            return "collector.retryCeiling must be from 1 millisecond to 24 hours (got \(retryCeiling))"
        }
        if base < 1_000_000 || base > ceiling {
            return "collector.retryBase must be from 1 millisecond to retryCeiling (\(retryCeiling)) (got \(retryBase))"
        }
        return nil
    }

    /// Where reports are posted: the collector's path followed by `/v1/reports`; nil for an
    /// address that is not http(s) with a host, or that has a query or fragment.
    var endpoint: URL? {
        guard var parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = parts.host, !host.isEmpty,
            parts.query == nil, parts.fragment == nil
        else { return nil }
        var path = parts.path
        while path.hasSuffix("/") { path.removeLast() }
        parts.path = path + "/v1/reports"
        return parts.url
    }
}
