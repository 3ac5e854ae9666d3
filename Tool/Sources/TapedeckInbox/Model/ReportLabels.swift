/// A report's description, as the flight recorder writes it in the tape's labels (`report.note`,
/// `app.version`...). Missing labels read as empty text: a tape exported by hand and uploaded
/// with curl is a report too.
package struct ReportLabels: Sendable, Equatable {
    /// The device's own id for the report (`report.id`).
    package var deviceReportID: String
    /// `manual` (the tester asked) or `crash` (sealed at the launch after a crash).
    package var kind: String
    /// The tester's note.
    package var note: String
    package var appVersion: String
    package var appBuild: String
    package var os: String
    package var device: String

    package init(
        deviceReportID: String = "", kind: String = "", note: String = "", appVersion: String = "", appBuild: String = "",
        os: String = "", device: String = ""
    ) {
        self.deviceReportID = deviceReportID
        self.kind = kind
        self.note = note
        self.appVersion = appVersion
        self.appBuild = appBuild
        self.os = os
        self.device = device
    }

    /// Reads a tape header's labels.
    package init(labels: [String: String]) {
        self.init(
            deviceReportID: labels["report.id"] ?? "", kind: labels["report.kind"] ?? "", note: labels["report.note"] ?? "",
            appVersion: labels["app.version"] ?? "", appBuild: labels["app.build"] ?? "", os: labels["os"] ?? "",
            device: labels["device"] ?? "")
    }

    /// `1.4.2 (311)`, or whichever half is known; `unknown` when neither is.
    package var version: String {
        switch (appVersion.isEmpty, appBuild.isEmpty) {
        case (false, false): "\(appVersion) (\(appBuild))"
        case (false, true): appVersion
        case (true, false): "(\(appBuild))"
        case (true, true): "unknown"
        }
    }
}
