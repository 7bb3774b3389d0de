/// Why bytes are not a CBOR item this project reads.
package struct CBORSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    package let message: String
    package let offset: Int
    package var description: String { "\(message) at byte \(offset)" }
}

/// Reads the CBOR that WebAuthn carries: definite lengths, integers, byte and text strings,
/// arrays, maps, booleans and null. Anything else (tags, floats, indefinite lengths, undefined)
/// is an error, as are items nested deeper than 16 or longer than the input.
package struct CBORReader {
    private let bytes: [UInt8]
    private var index = 0
    private static let maxDepth = 16

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Reads exactly one item that fills `bytes`.
    package static func decode(_ bytes: [UInt8]) throws(CBORSyntaxError) -> CBORValue {
        let (value, length) = try decodePrefix(bytes)
        guard length == bytes.count else {
            throw CBORSyntaxError(message: "unexpected data after the CBOR item", offset: length)
        }
        return value
    }

    /// Reads the item at the start of `bytes` and says how many bytes it took (authenticator data
    /// carries a COSE key followed by extensions, with no length in front).
    package static func decodePrefix(_ bytes: [UInt8]) throws(CBORSyntaxError) -> (CBORValue, Int) {
        var reader = CBORReader(bytes: bytes)
        let value = try reader.item(depth: 0)
        return (value, reader.index)
    }

    private func failure(_ message: String) -> CBORSyntaxError {
        CBORSyntaxError(message: message, offset: index)
    }

    private mutating func byte() throws(CBORSyntaxError) -> UInt8 {
        guard index < bytes.count else { throw failure("unexpected end of CBOR") }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func argument(_ info: UInt8) throws(CBORSyntaxError) -> UInt64 {
        switch info {
        case 0..<24: return UInt64(info)
        case 24...27:
            let width = 1 << Int(info - 24)
            var number: UInt64 = 0
            for _ in 0..<width { number = number << 8 | UInt64(try byte()) }
            return number
        case 31: throw failure("indefinite-length CBOR items are not accepted")
        default: throw failure("reserved CBOR additional information \(info)")
        }
    }

    private mutating func length(_ info: UInt8) throws(CBORSyntaxError) -> Int {
        let number = try argument(info)
        // Every byte string, text string, array item and map member takes at least one byte.
        guard number <= UInt64(bytes.count - index) else { throw failure("CBOR length \(number) exceeds the data") }
        return Int(number)
    }

    private mutating func item(depth: Int) throws(CBORSyntaxError) -> CBORValue {
        guard depth < Self.maxDepth else { throw failure("CBOR nested too deeply") }
        let start = try byte()
        let info = start & 0x1F
        switch start >> 5 {
        case 0: return .unsigned(try argument(info))
        case 1: return .negative(try argument(info))
        case 2:
            let count = try length(info)
            defer { index += count }
            return .bytes(Array(bytes[index..<index + count]))
        case 3:
            let count = try length(info)
            guard let text = String(validating: bytes[index..<index + count], as: UTF8.self) else {
                throw failure("CBOR text string is not UTF-8")
            }
            index += count
            return .text(text)
        case 4:
            let count = try length(info)
            var items: [CBORValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try item(depth: depth + 1)) }
            return .array(items)
        case 5:
            let count = try length(info)
            var members: [(key: CBORValue, value: CBORValue)] = []
            var keys: Set<CBORValue> = []
            members.reserveCapacity(count)
            for _ in 0..<count {
                let key = try item(depth: depth + 1)
                guard keys.insert(key).inserted else { throw failure("duplicate CBOR map key") }
                members.append((key, try item(depth: depth + 1)))
            }
            return .map(members)
        case 6: throw failure("CBOR tags are not accepted")
        default:
            switch info {
            case 20: return .bool(false)
            case 21: return .bool(true)
            case 22: return .null
            default: throw failure("CBOR simple value or float \(info) is not accepted")
            }
        }
    }
}
