import TestSupport

/// Where this target's tests find the built `tapedeck` and the project's Python.
extension ChildProcess {
    static var tapedeck: String { packageRoot + "/.build/debug/tapedeck" }
    static var python: String { packageRoot + "/.venv/bin/python" }
}
