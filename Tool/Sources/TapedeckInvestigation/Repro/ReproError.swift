/// Bad input to a repro command: which file, what is wrong and what to do. The CLI exits 2.
package struct ReproError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
}
