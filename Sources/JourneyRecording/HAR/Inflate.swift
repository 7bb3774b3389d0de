import Foundation

/// Decompresses gzip (RFC 1952), zlib (RFC 1950) and raw DEFLATE (RFC 1951) data, for HAR
/// bodies that other tools store compressed. Small and dependency-free; recordings are small.
package enum Inflate {
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// The most bytes one body decompresses to: a few kilobytes of DEFLATE can claim gigabytes
    /// (a "gzip bomb"), and no recorded AM body comes near this.
    package static let maximumOutput = 16 << 20

    private static let tooLarge = Failure(
        description:
            "the decompressed body is larger than the limit of \(maximumOutput) bytes (16 MiB) for a recorded body")

    /// True when `data` starts with the gzip magic bytes.
    package static func isGzip(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }

    /// True when `data` starts with a valid zlib header.
    package static func isZlib(_ data: Data) -> Bool {
        guard data.count >= 2 else { return false }
        let cmf = Int(data[data.startIndex])
        let flg = Int(data[data.startIndex + 1])
        return cmf & 0x0F == 8 && (cmf << 8 | flg) % 31 == 0
    }

    /// The content of a gzip file (every member, concatenated).
    package static func gunzip(_ data: Data) throws(Failure) -> Data {
        let bytes = [UInt8](data)
        var output: [UInt8] = []
        var position = 0
        while position + 10 <= bytes.count, bytes[position] == 0x1F, bytes[position + 1] == 0x8B {
            guard bytes[position + 2] == 8 else { throw Failure(description: "gzip: unknown compression method") }
            let flags = bytes[position + 3]
            position += 10
            if flags & 0x04 != 0 {
                guard position + 2 <= bytes.count else { throw Failure(description: "gzip: truncated header") }
                position += 2 + (Int(bytes[position]) | Int(bytes[position + 1]) << 8)
            }
            if flags & 0x08 != 0 { position = try skipZeroTerminated(bytes, from: position) }
            if flags & 0x10 != 0 { position = try skipZeroTerminated(bytes, from: position) }
            if flags & 0x02 != 0 { position += 2 }
            guard position <= bytes.count else { throw Failure(description: "gzip: truncated header") }
            var reader = BitReader(bytes: bytes, position: position)
            try inflate(&reader, into: &output)
            position = reader.alignedPosition + 8  // CRC32 and ISIZE
        }
        if output.isEmpty && !bytes.isEmpty && position == 0 { throw Failure(description: "not gzip data") }
        return Data(output)
    }

    /// The content of a zlib stream.
    package static func unzlib(_ data: Data) throws(Failure) -> Data {
        guard isZlib(data) else { throw Failure(description: "not zlib data") }
        var reader = BitReader(bytes: [UInt8](data), position: 2)
        var output: [UInt8] = []
        try inflate(&reader, into: &output)
        return Data(output)
    }

    /// Raw DEFLATE data.
    package static func inflateRaw(_ data: Data) throws(Failure) -> Data {
        var reader = BitReader(bytes: [UInt8](data), position: 0)
        var output: [UInt8] = []
        try inflate(&reader, into: &output)
        return Data(output)
    }

    private static func skipZeroTerminated(_ bytes: [UInt8], from start: Int) throws(Failure) -> Int {
        var position = start
        while position < bytes.count, bytes[position] != 0 { position += 1 }
        guard position < bytes.count else { throw Failure(description: "gzip: truncated header") }
        return position + 1
    }

    // MARK: DEFLATE

    struct BitReader {
        let bytes: [UInt8]
        var position: Int
        var bitBuffer: UInt32 = 0
        var bitCount: Int = 0

        init(bytes: [UInt8], position: Int) {
            self.bytes = bytes
            self.position = position
        }

        mutating func bits(_ count: Int) throws(Failure) -> Int {
            while bitCount < count {
                guard position < bytes.count else { throw Failure(description: "compressed data ends early") }
                bitBuffer |= UInt32(bytes[position]) << UInt32(bitCount)
                position += 1
                bitCount += 8
            }
            let value = Int(bitBuffer & ((1 << UInt32(count)) - 1))
            bitBuffer >>= UInt32(count)
            bitCount -= count
            return value
        }

        /// Drops the bits left in the current byte.
        mutating func align() {
            bitBuffer = 0
            bitCount = 0
        }

        /// The byte position after the last byte the decoder needed.
        var alignedPosition: Int { position - bitCount / 8 }
    }

    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int]

        init(lengths: [Int]) {
            symbols = [Int](repeating: 0, count: lengths.count)
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }

        func decode(_ reader: inout BitReader) throws(Failure) -> Int {
            var code = 0
            var first = 0
            var index = 0
            for length in 1..<16 {
                code |= try reader.bits(1)
                let count = counts[length]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first += count
                first <<= 1
                code <<= 1
            }
            throw Failure(description: "invalid Huffman code")
        }
    }

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private static let fixedTables: (Huffman, Huffman) = {
        var lengths = [Int](repeating: 8, count: 288)
        for i in 144..<256 { lengths[i] = 9 }
        for i in 256..<280 { lengths[i] = 7 }
        return (Huffman(lengths: lengths), Huffman(lengths: [Int](repeating: 5, count: 30)))
    }()

    static func inflate(_ reader: inout BitReader, into output: inout [UInt8]) throws(Failure) {
        var last = false
        while !last {
            last = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0:
                reader.align()
                guard reader.position + 4 <= reader.bytes.count else {
                    throw Failure(description: "compressed data ends early")
                }
                let length = Int(reader.bytes[reader.position]) | Int(reader.bytes[reader.position + 1]) << 8
                reader.position += 4
                guard reader.position + length <= reader.bytes.count else {
                    throw Failure(description: "compressed data ends early")
                }
                output.append(contentsOf: reader.bytes[reader.position..<reader.position + length])
                reader.position += length
                guard output.count <= maximumOutput else { throw tooLarge }
            case 1:
                try block(&reader, into: &output, literals: fixedTables.0, distances: fixedTables.1)
            case 2:
                let (literals, distances) = try dynamicTables(&reader)
                try block(&reader, into: &output, literals: literals, distances: distances)
            default:
                throw Failure(description: "invalid DEFLATE block type")
            }
        }
    }

    private static func dynamicTables(_ reader: inout BitReader) throws(Failure) -> (Huffman, Huffman) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeCount = try reader.bits(4) + 4
        var codeLengths = [Int](repeating: 0, count: 19)
        for i in 0..<codeCount { codeLengths[codeLengthOrder[i]] = try reader.bits(3) }
        let codeTable = Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeTable.decode(&reader)
            switch symbol {
            case 0..<16:
                lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Failure(description: "invalid code lengths") }
                lengths += [Int](repeating: previous, count: 3 + (try reader.bits(2)))
            case 17:
                lengths += [Int](repeating: 0, count: 3 + (try reader.bits(3)))
            default:
                lengths += [Int](repeating: 0, count: 11 + (try reader.bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw Failure(description: "invalid code lengths") }
        return (Huffman(lengths: Array(lengths[0..<literalCount])), Huffman(lengths: Array(lengths[literalCount...])))
    }

    private static func block(
        _ reader: inout BitReader, into output: inout [UInt8], literals: Huffman, distances: Huffman
    )
        throws(Failure)
    {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < lengthBase.count else { throw Failure(description: "invalid length symbol") }
                let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
                let distanceSymbol = try distances.decode(&reader)
                guard distanceSymbol < distanceBase.count else { throw Failure(description: "invalid distance symbol") }
                let distance = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
                guard distance <= output.count else { throw Failure(description: "distance too far back") }
                let start = output.count - distance
                for i in 0..<length { output.append(output[start + i]) }
                guard output.count <= maximumOutput else { throw tooLarge }
            }
        }
    }
}
