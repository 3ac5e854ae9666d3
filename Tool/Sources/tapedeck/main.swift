import TapedeckCLI

await TapedeckCommand.runAsync()
