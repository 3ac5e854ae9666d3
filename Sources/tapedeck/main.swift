import TapedeckCLI

await TapedeckEntryPoint.run()
