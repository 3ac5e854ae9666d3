import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a report says about the app and the device it came from (the contract's `app.version`,
/// `app.build`, `os` and `device` labels): the collector's settings, or what this process can
/// find out where the app gave none.
enum ReportOrigin {
    /// The labels for `collector`; a label the app gave none for and nothing could fill is left out.
    static func labels(for collector: ReportCollector) -> [String: String] {
        var labels: [String: String] = [:]
        labels["app.version"] = collector.appVersion ?? bundleValue("CFBundleShortVersionString")
        labels["app.build"] = collector.appBuild ?? bundleValue("CFBundleVersion")
        labels["os"] = collector.operatingSystem ?? operatingSystem()
        labels["device"] = collector.deviceModel ?? deviceModel()
        return labels.filter { !$0.value.isEmpty }
    }

    private static func bundleValue(_ key: String) -> String? {
        Bundle.main.object(forInfoDictionaryKey: key) as? String
    }

    /// `iOS 17.5`, `macOS 14.4.1`, `Linux 6.1`: the system's name and ProcessInfo's version of it.
    static func operatingSystem() -> String {
        #if os(iOS)
        let name = "iOS"
        #elseif os(macOS)
        let name = "macOS"
        #elseif os(tvOS)
        let name = "tvOS"
        #elseif os(watchOS)
        let name = "watchOS"
        #elseif os(visionOS)
        let name = "visionOS"
        #elseif os(Linux)
        let name = "Linux"
        #else
        let name = "unknown"
        #endif
        let version = ProcessInfo.processInfo.operatingSystemVersion
        let patch = version.patchVersion == 0 ? "" : ".\(version.patchVersion)"
        return "\(name) \(version.majorVersion).\(version.minorVersion)\(patch)"
    }

    /// The model identifier: on a device `uname`'s machine is it (`iPhone15,2`); in the iOS
    /// simulator that is the Mac's CPU, so the simulated model's identifier is taken instead.
    static func deviceModel() -> String {
        if let simulated = ProcessInfo.processInfo.environment["SIMULATOR_MODEL_IDENTIFIER"], !simulated.isEmpty {
            return simulated
        }
        var names = utsname()
        guard uname(&names) == 0 else { return "" }
        return withUnsafeBytes(of: &names.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
