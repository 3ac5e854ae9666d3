import ArgumentParser

/// `--shard I/N`: the I-th of N shards (1-based).
struct ShardOption: Equatable, CustomStringConvertible, ExpressibleByArgument {
    var index: Int
    var count: Int

    init?(argument text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count > 0, (1...count).contains(index)
        else { return nil }
        self.index = index
        self.count = count
    }

    var description: String { "\(index)/\(count)" }
}
