import Foundation
import TapedeckProxy
import TapedeckWebSocket

/// The live status of `tapedeck record` on standard error: rewritten in place every second on a
/// terminal, a plain line every ten seconds otherwise (logs, CI).
struct StatusLine {
    let proxy: RecordingProxy
    /// Seconds between lines; nil picks 1 on a terminal, 10 otherwise.
    var interval: Double?

    func run() async {
        let terminal = isatty(2) == 1
        let interval = UInt64(((self.interval ?? (terminal ? 1 : 10)) * 1e9).rounded())
        var previous = proxy.statistics()
        while !Task.isCancelled {
            do { try await Task.sleep(nanoseconds: interval) } catch { break }
            let now = proxy.statistics()
            let rate = Double(now.messages - previous.messages) / (Double(interval) / 1e9)
            let text =
                "\(now.openConnections) connection\(now.openConnections == 1 ? "" : "s"), "
                + "\(Int(rate.rounded())) msg/s, \(now.messages) messages, \(Self.bytes(now.compressedBytes)) recorded, "
                + "\(now.tapesClosed) tape\(now.tapesClosed == 1 ? "" : "s") closed"
            RecordCommand.emit(terminal ? "\r\u{1B}[K" + text : text, to: 2, newline: !terminal)
            previous = now
        }
        if terminal { RecordCommand.emit("", to: 2) }
    }

    static func bytes(_ count: UInt64) -> String {
        if count < 10 * 1024 { return "\(count) B" }
        if count < 10 * 1024 * 1024 { return "\(count / 1024) KiB" }
        return "\(count / (1024 * 1024)) MiB"
    }
}
