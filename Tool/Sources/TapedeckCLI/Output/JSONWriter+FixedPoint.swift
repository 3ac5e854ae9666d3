import TapedeckCore

extension JSONWriter {
    /// A benchmark figure with a fixed number of decimals (rounded half away from zero), through
    /// `writeDecimal` so no locale or binary rounding shows; a figure that is not finite is 0.
    mutating func writeFixedPoint(_ value: Double, decimals: Int) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard scaled.isFinite, abs(scaled) < 9e18 else {
            writeInt(0)
            return
        }
        writeDecimal(Int64(scaled), scale: decimals)
    }
}
