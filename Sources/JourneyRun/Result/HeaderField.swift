import JourneyCore

/// One HTTP header. Order and repeats are kept, as on the wire.
package struct HeaderField: Sendable, Hashable, Codable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension [HeaderField] {
    /// The first value of a header, by case-insensitive name.
    package func value(_ name: String) -> String? {
        first(where: { HTTPText.namesMatch($0.name, name) })?.value
    }

    /// Every value of a header, by case-insensitive name.
    package func values(_ name: String) -> [String] {
        filter { HTTPText.namesMatch($0.name, name) }.map(\.value)
    }

    /// Sets a header: every field of that name (in any case) removed, then `name: value` appended.
    package mutating func replace(_ name: String, with value: String) {
        removeAll { HTTPText.namesMatch($0.name, name) }
        append(HeaderField(name, value))
    }

    /// Without the fields named in `names` (in any case).
    package func removing(_ names: [String]) -> [HeaderField] {
        filter { field in !names.contains { HTTPText.namesMatch(field.name, $0) } }
    }
}
