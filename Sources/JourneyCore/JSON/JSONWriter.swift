/// A small, allocation-light JSON serializer for the hot path. Objects built with
/// `object { }` keep the order they are written in (AM's order); `JSONValue` objects are
/// written with sorted keys, like `JSONValue.encoded`.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    package var string: String { String(decoding: bytes, as: UTF8.self) }

    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    package mutating func raw(bytes other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { text in
            // Runs of bytes that need no escape are copied at once: most strings have none.
            var start = 0
            var index = JSONStringScan.firstSpecial(in: text, from: 0)
            while index < text.count {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<index]))
                escape(text[index])
                start = index + 1
                index = JSONStringScan.firstSpecial(in: text, from: start)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case 0x00..<0x20:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            bytes += [
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
                hex[Int(byte & 0x0F)],
            ]
        default:
            bytes += [UInt8(ascii: "\\"), byte]
        }
    }

    package mutating func int(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    package mutating func double(_ value: Double) {
        if value.isFinite, value.rounded() == value, abs(value) < 1e15 {
            bytes.append(contentsOf: String(Int(value)).utf8)
        } else if value.isFinite {
            bytes.append(contentsOf: String(value).utf8)
        } else {
            raw("null")
        }
    }

    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): flag ? raw("true") : raw("false")
        case .int(let number): int(number)
        case .double(let number): double(number)
        case .string(let text): string(text)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                self.value(item)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members) where members.count <= 2:
            // Most objects of a step are `{name, value}` pairs: put two members in order without sorting an array.
            var iterator = members.makeIterator()
            bytes.append(UInt8(ascii: "{"))
            if let first = iterator.next() {
                if let second = iterator.next() {
                    let (one, two) = second.key < first.key ? (second, first) : (first, second)
                    member(one.key, one.value)
                    bytes.append(UInt8(ascii: ","))
                    member(two.key, two.value)
                } else {
                    member(first.key, first.value)
                }
            }
            bytes.append(UInt8(ascii: "}"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            // Sorted pairs, not sorted keys: no second hash lookup per member.
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                string(member.key)
                bytes.append(UInt8(ascii: ":"))
                self.value(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func member(_ key: String, _ value: JSONValue) {
        string(key)
        bytes.append(UInt8(ascii: ":"))
        self.value(value)
    }

    /// Writes an object whose members keep the order the closure writes them in.
    package mutating func object(_ body: (inout ObjectWriter) -> Void) {
        var members = ObjectWriter(writer: self)
        // Moved into `members`, not copied: an empty writer in its place (no buffer) keeps the bytes unshared.
        self = JSONWriter(capacity: 0)
        members.writer.bytes.append(UInt8(ascii: "{"))
        body(&members)
        members.writer.bytes.append(UInt8(ascii: "}"))
        self = members.writer
    }

    /// Writes an array, one element per closure call.
    package mutating func array<S: Sequence>(_ items: S, _ body: (inout JSONWriter, S.Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for item in items {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            body(&self, item)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    package struct ObjectWriter {
        package var writer: JSONWriter
        private var count = 0

        init(writer: JSONWriter) {
            self.writer = writer
        }

        package mutating func key(_ name: String) {
            if count > 0 { writer.bytes.append(UInt8(ascii: ",")) }
            count += 1
            writer.string(name)
            writer.bytes.append(UInt8(ascii: ":"))
        }

        package mutating func member(_ name: String, _ value: JSONValue) {
            key(name)
            writer.value(value)
        }

        package mutating func member(_ name: String, string value: String) {
            key(name)
            writer.string(value)
        }

        package mutating func member(_ name: String, int value: Int) {
            key(name)
            writer.int(value)
        }

        package mutating func member(_ name: String, _ body: (inout JSONWriter) -> Void) {
            key(name)
            body(&writer)
        }
    }
}

extension JSONValue {
    /// Compact JSON through the fast writer (sorted keys).
    package var fastJSON: [UInt8] {
        var writer = JSONWriter(capacity: 128)
        writer.value(self)
        return writer.bytes
    }

    package var fastJSONString: String { String(decoding: fastJSON, as: UTF8.self) }
}
