/// Writes CBOR in the deterministic encoding WebAuthn asks of authenticators (RFC 8949 §4.2.1:
/// shortest heads, definite lengths). Map members are written in the order given, so a COSE key
/// keeps the CTAP2 canonical order its builder chose.
package enum CBORWriter {
    package static func encode(_ value: CBORValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, to: &out)
        return out
    }

    private static func write(_ value: CBORValue, to out: inout [UInt8]) {
        switch value {
        case .unsigned(let number): head(major: 0, number, to: &out)
        case .negative(let number): head(major: 1, number, to: &out)
        case .bytes(let bytes):
            head(major: 2, UInt64(bytes.count), to: &out)
            out += bytes
        case .text(let text):
            head(major: 3, UInt64(text.utf8.count), to: &out)
            out += text.utf8
        case .array(let items):
            head(major: 4, UInt64(items.count), to: &out)
            for item in items { write(item, to: &out) }
        case .map(let members):
            head(major: 5, UInt64(members.count), to: &out)
            for member in members {
                write(member.key, to: &out)
                write(member.value, to: &out)
            }
        case .bool(let flag): out.append(flag ? 0xF5 : 0xF4)
        case .null: out.append(0xF6)
        }
    }

    private static func head(major: UInt8, _ number: UInt64, to out: inout [UInt8]) {
        let type = major << 5
        switch number {
        case 0..<24: out.append(type | UInt8(number))
        case 24...0xFF: out += [type | 24, UInt8(number)]
        case 0x100...0xFFFF: out += [type | 25, UInt8(number >> 8), UInt8(number & 0xFF)]
        case 0x1_0000...0xFFFF_FFFF:
            out.append(type | 26)
            for shift in stride(from: 24, through: 0, by: -8) { out.append(UInt8(number >> UInt64(shift) & 0xFF)) }
        default:
            out.append(type | 27)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(number >> UInt64(shift) & 0xFF)) }
        }
    }
}
