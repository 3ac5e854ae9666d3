/// Little-endian integer encoding for the record stream.
enum ByteWriting {
    @inline(__always)
    static func appendLE<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        var v = value.littleEndian
        withUnsafeBytes(of: &v) { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    static func loadLE<T: FixedWidthInteger>(_: T.Type, from buffer: UnsafeRawBufferPointer, at offset: Int) -> T {
        T(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: T.self))
    }
}
