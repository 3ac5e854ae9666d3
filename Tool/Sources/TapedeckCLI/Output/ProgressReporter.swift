#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress of `check` on stderr: a bar redrawn in place on a terminal, plain lines otherwise
/// (CI logs).
struct ProgressReporter {
    let isTerminal = isatty(2) == 1
    let width: Int

    init(width: Int) { self.width = width }

    func update(done: Int, total: Int, path: String) {
        if isTerminal {
            let barWidth = 30
            let filled = total == 0 ? barWidth : done * barWidth / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: barWidth - filled)
            var line = "\r[\(bar)] \(done)/\(total) \(path)"
            let limit = max(20, width - 1)
            if line.count > limit { line = String(line.prefix(limit)) }
            write(line + "\u{1B}[K")
            if done == total { write("\r\u{1B}[K") }
        } else {
            write("checked \(done)/\(total): \(path)\n")
        }
    }

    private func write(_ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { buffer in systemWrite(2, buffer.baseAddress, buffer.count - 1) }
    }
}

#if canImport(Glibc)
private func systemWrite(_ fd: Int32, _ buffer: UnsafePointer<CChar>?, _ count: Int) -> Int { Glibc.write(fd, buffer, count) }
#else
private func systemWrite(_ fd: Int32, _ buffer: UnsafePointer<CChar>?, _ count: Int) -> Int { Darwin.write(fd, buffer, count) }
#endif
