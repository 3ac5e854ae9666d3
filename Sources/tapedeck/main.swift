import TapedeckCLI

await TapedeckCommand.main()
