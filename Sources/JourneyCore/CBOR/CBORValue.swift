/// One CBOR data item (RFC 8949), as WebAuthn uses them: attestation objects, COSE keys and
/// authenticator extensions. Tags, floats and indefinite lengths are not part of that profile
/// and are rejected by the reader.
package indirect enum CBORValue: Sendable, Hashable {
    /// Major type 0: an unsigned integer.
    case unsigned(UInt64)
    /// Major type 1: the integer `-1 - n`.
    case negative(UInt64)
    /// Major type 2.
    case bytes([UInt8])
    /// Major type 3.
    case text(String)
    /// Major type 4.
    case array([CBORValue])
    /// Major type 5, members in the order they were read or are to be written.
    case map([(key: CBORValue, value: CBORValue)])
    case bool(Bool)
    case null

    /// An integer in either major type 0 or 1.
    package static func int(_ value: Int64) -> CBORValue {
        value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-1 - value))
    }

    /// The value as a signed integer, when it is one that fits.
    package var intValue: Int64? {
        switch self {
        case .unsigned(let value): value <= UInt64(Int64.max) ? Int64(value) : nil
        case .negative(let value): value <= UInt64(Int64.max) ? -1 - Int64(value) : nil
        default: nil
        }
    }

    package var bytesValue: [UInt8]? {
        if case .bytes(let bytes) = self { bytes } else { nil }
    }

    package var textValue: String? {
        if case .text(let text) = self { text } else { nil }
    }

    /// The value of the first member whose key equals `key`, when this is a map.
    package subscript(key: CBORValue) -> CBORValue? {
        guard case .map(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value of a text-keyed member (`fmt`, `authData`, `attStmt`).
    package subscript(text key: String) -> CBORValue? { self[.text(key)] }

    /// The value of an integer-keyed member (COSE labels: 1 `kty`, 3 `alg`, -1 `crv`, ...).
    package subscript(int key: Int64) -> CBORValue? { self[.int(key)] }

    package static func == (lhs: CBORValue, rhs: CBORValue) -> Bool {
        switch (lhs, rhs) {
        case (.unsigned(let a), .unsigned(let b)), (.negative(let a), .negative(let b)): a == b
        case (.bytes(let a), .bytes(let b)): a == b
        case (.text(let a), .text(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.map(let a), .map(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .unsigned(let value):
            hasher.combine(0)
            hasher.combine(value)
        case .negative(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .bytes(let value):
            hasher.combine(2)
            hasher.combine(value)
        case .text(let value):
            hasher.combine(3)
            hasher.combine(value)
        case .array(let value):
            hasher.combine(4)
            hasher.combine(value)
        case .map(let members):
            hasher.combine(5)
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        case .bool(let value):
            hasher.combine(7)
            hasher.combine(value)
        case .null: hasher.combine(8)
        }
    }
}
