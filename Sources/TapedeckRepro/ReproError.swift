/// Bad input to a repro command: which file, what is wrong and what to do. The CLI exits 2.
public struct ReproError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
