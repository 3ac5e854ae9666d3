// An app configures the recorder's redaction by name (`FlightRecorderConfiguration.redaction`), so
// the rules come with TapedeckRecorder; the redactor behind them does not.
@_exported import struct TapedeckRedaction.RedactionRules
