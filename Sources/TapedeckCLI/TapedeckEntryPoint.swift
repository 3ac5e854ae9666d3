/// What the `tapedeck` executable runs. In top-level code (`main.swift`) the call
/// `await TapedeckCommand.main()` resolves to ParsableCommand's synchronous `main()`, which refuses
/// an async root command; inside an async function it resolves to the async entry point.
public enum TapedeckEntryPoint {
    public static func run() async {
        await TapedeckCommand.main()
    }
}
