/// What a benchmark on synthetic traffic runs on: so many messages from a seed, each stage run
/// `repeats` times (the best counts).
package struct SyntheticInput: Sendable, Equatable {
    package var messages: Int
    package var seed: UInt64
    package var repeats: Int

    package init(messages: Int, seed: UInt64, repeats: Int) {
        self.messages = messages
        self.seed = seed
        self.repeats = repeats
    }
}
