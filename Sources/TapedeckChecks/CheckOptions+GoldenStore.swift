import TapedeckReplay

extension CheckOptions {
    /// The golden store of one tape under these options.
    ///
    /// - Parameter tape: The tape's path; its goldens live in `goldens/<name>` when `goldens` is
    ///   set, else in the `.golden` folder beside it.
    /// - Returns: The store for that tape, with these options' mode, filter and identity.
    public func goldenStore(forTape tape: String) -> GoldenStore {
        guard let goldens else { return GoldenStore(tape: tape, mode: record, filter: filter, identity: identity) }
        let base = goldens.hasSuffix("/") ? String(goldens.dropLast()) : goldens
        let name = TapeFiles.name(ofTape: tape)
        return GoldenStore(directory: base + "/" + name, mode: record, filter: filter, identity: identity)
    }
}
