import CLZ4
import TapedeckTape

/// Decompresses a file of LZ4 frames with liblz4's frame decoder (`LZ4F_decompress`), checksums
/// included, without reading any record: the reference that `tapedeck bench decode` measures the
/// Swift decoder (`TapeDecompressor`) against, on the same tapes in the same run. It does the
/// same work as `TapeDecompressor`: the file read in 256 KiB pieces, every block decompressed and
/// appended to a buffer that is emptied before the next. Memory stays bounded by one block.
public final class LibLZ4Decompressor {
    public let path: String
    private let fd: Int32
    private var context: OpaquePointer?
    private var input = [UInt8](repeating: 0, count: 256 * 1024)
    /// Room for the largest block (4 MiB), so liblz4 decompresses straight into it; pages that
    /// smaller blocks never touch are never faulted in.
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 4 * 1024 * 1024, alignment: 16)
    private var block: [UInt8] = []

    public init(path: String) throws(TapeError) {
        self.path = path
        var context: OpaquePointer?
        let created = LZ4F_createDecompressionContext(&context, UInt32(LZ4F_VERSION))
        guard LZ4F_isError(created) == 0, let context else {
            throw .cannotOpen(path: path, reason: "LZ4: " + String(cString: LZ4F_getErrorName(created)))
        }
        do {
            fd = try POSIXFile.openForReading(path)
        } catch {
            LZ4F_freeDecompressionContext(context)
            throw error
        }
        self.context = context
        block.reserveCapacity(256 * 1024)
    }

    deinit {
        if let context { LZ4F_freeDecompressionContext(context) }
        scratch.deallocate()
        POSIXFile.closeFile(fd)
    }

    /// Decompresses the rest of the file and returns the number of bytes it produced.
    public func decompressAll() throws(TapeError) -> UInt64 {
        var produced: UInt64 = 0
        var offset: UInt64 = 0
        var hint = 1
        while true {
            let capacity = input.count
            let result: Result<Int, TapeError> = input.withUnsafeMutableBytes { buffer in
                Result { () throws(TapeError) in
                    try POSIXFile.read(fd, into: buffer.baseAddress!, count: capacity, path: path, offset: offset)
                }
            }
            let got = try result.get()
            if got == 0 { break }
            var fed = 0
            while fed < got {
                var sourceSize = got - fed
                var producedSize = scratch.count
                hint = input.withUnsafeBytes { source in
                    LZ4F_decompress(context, scratch.baseAddress, &producedSize, source.baseAddress! + fed, &sourceSize, nil)
                }
                if LZ4F_isError(hint) != 0 {
                    let name = String(cString: LZ4F_getErrorName(hint))
                    throw .damaged(path: path, afterRecords: 0, atByte: offset + UInt64(fed), reason: "LZ4: \(name)")
                }
                if producedSize > 0 {
                    block.removeAll(keepingCapacity: true)
                    block.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[0..<producedSize]))
                    produced += UInt64(producedSize)
                }
                fed += sourceSize
            }
            offset += UInt64(got)
        }
        guard hint == 0 else { throw .truncated(path: path, afterRecords: 0, atByte: offset) }
        return produced
    }
}
