import ArgumentParser
import Foundation

/// `tapedeck mark`: drops a named marker into every tape a running `tapedeck record` has open.
struct MarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark",
        abstract: "Drop a named marker into the live tapes of a running `tapedeck record`.",
        discussion: """
            Talks to the proxy's control endpoint: --control, or the address `tapedeck record` wrote to \
            DIR/.tapedeck-control. Exit codes: 0 when marked, 1 when the proxy cannot be reached or refused, \
            2 for bad options.
            """)

    @Argument(help: "The marker's name, e.g. before-purchase.")
    var name: String

    @Option(help: ArgumentHelp("The proxy's control endpoint, HOST:PORT (printed by `tapedeck record`).", valueName: "host:port"))
    var control: HostPort?

    @Option(help: "The recording folder whose running proxy to mark (used when --control is not given).")
    var out = "Recordings"

    func validate() throws {
        if name.isEmpty { throw ValidationError("the marker needs a name.") }
    }

    func run() throws {
        let address: HostPort
        if let control {
            address = control
        } else {
            let file = out + "/.tapedeck-control"
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw CommandFailure.exit(
                    "no running `tapedeck record` for \(out) (no \(file)): pass --control HOST:PORT", code: 1)
            }
            let saved = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let parsed = HostPort(argument: saved) else {
                throw CommandFailure.exit("\(file) holds \"\(saved)\", not HOST:PORT: pass --control HOST:PORT", code: 1)
            }
            address = parsed
        }
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let encoded = name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name
        let response: PlainHTTP.Response
        do {
            response = try PlainHTTP.request(
                host: address.host, port: address.port, method: "POST", target: "/mark?name=\(encoded)")
        } catch {
            throw CommandFailure.exit("cannot reach the proxy's control endpoint at \(address): \(error)", code: 1)
        }
        guard response.status == 200 else {
            throw CommandFailure.exit("the proxy answered \(response.status): \(response.body)", code: 1)
        }
        print(response.body.trimmingCharacters(in: .newlines))
    }
}
