/// The one-line form of a statement shown in step lines: the statement as written, with a send's
/// body left out.
enum StepSummary {
    static func text(of statement: ScenarioStatement) -> String {
        switch statement.kind {
        case .connect(let connect):
            var text = "connect"
            if let url = connect.url { text += " \(url)" }
            if let subprotocol = connect.subprotocol { text += " subprotocol \(subprotocol)" }
            if connect.expectsRefusal { text += " refused" }
            return text
        case .close(let code): return "close \(code)"
        case .send(let type, _): return "send \(type)"
        case .expect(let expect):
            var text = "expect \(expect.type)"
            if let filter = expect.filter { text += " where \(filter)" }
            if let within = expect.within { text += " within \(within)" }
            return text
        case .expectNo(let expectNo):
            var text = "expect no \(expectNo.type)"
            if let filter = expectNo.filter { text += " where \(filter)" }
            return text + " for \(expectNo.duration)"
        case .expectEnd(let end): return end.text
        case .capture(let name, let path): return "capture \(name) = \(path)"
        case .set(let name, let value): return "set \(name) = \(value)"
        case .checkpoint(let name, _): return "checkpoint \(name)"
        case .wait(let duration): return "wait \(duration)"
        case .backoff(let duration): return "backoff \(duration)"
        case .repeatBlock(let block):
            guard let until = block.until else { return "repeat \(block.count)" }
            return "repeat up to \(block.count) until \(until.type)" + (until.filter.map { " where \($0)" } ?? "")
        case .mark(let name): return "mark \(name)"
        case .ignore(let types): return "ignore " + types.joined(separator: ", ")
        case .timeout(let duration): return "timeout \(duration)"
        }
    }
}
