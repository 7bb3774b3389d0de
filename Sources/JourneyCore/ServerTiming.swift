/// The server's own time for a response, from its `Server-Timing` header (W3C Server Timing):
/// the largest `dur` among the metrics, in seconds. The journey simulator sends one; `journey
/// load` subtracts it from a journey's latency to tell the runner's share from the server's.
package enum ServerTiming {
    /// The header's name.
    package static let headerName = "Server-Timing"
    /// A longer header value is not read.
    package static let maxHeaderBytes = 4096
    /// A duration above an hour (in milliseconds) is not believed.
    static let maxMilliseconds = 3_600_000.0

    /// The largest duration in one header value, in seconds; nil when no metric has a usable
    /// `dur`. A `desc` holding `,` or `;` inside quotes may split a metric early: its `dur`, if
    /// any, still parses as a number or is ignored.
    package static func seconds(in value: String) -> Double? {
        // Bytes, not characters: every response of the simulator carries the header, and
        // reading it by character was a visible part of the runner's time per step.
        let bytes = value.utf8
        guard bytes.count <= maxHeaderBytes else { return nil }
        var largest: Double?
        for metric in bytes.split(separator: UInt8(ascii: ",")) {
            for parameter in metric.split(separator: UInt8(ascii: ";")).dropFirst() {
                guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")),
                    isDur(trimmed(parameter[..<equals]))
                else { continue }
                var number = trimmed(parameter[parameter.index(after: equals)...])
                if number.count >= 2, number.first == UInt8(ascii: "\""), number.last == UInt8(ascii: "\"") {
                    number = number.dropFirst().dropLast()
                }
                guard let milliseconds = Double(Substring(number)), milliseconds.isFinite, milliseconds >= 0,
                    milliseconds <= maxMilliseconds
                else { continue }
                largest = max(largest ?? 0, milliseconds)
            }
        }
        return largest.map { $0 / 1000 }
    }

    private static func trimmed(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }

    /// `dur` in any ASCII case.
    private static func isDur(_ name: Substring.UTF8View) -> Bool {
        guard name.count == 3 else { return false }
        var bytes = name.makeIterator()
        for expected in "dur".utf8 {
            guard let byte = bytes.next(), byte | 0x20 == expected else { return false }
        }
        return true
    }

    /// The largest duration over every `Server-Timing` header of a response, in seconds.
    package static func seconds(inHeaders headers: [(name: String, value: String)]) -> Double? {
        var largest: Double?
        for (name, value) in headers where HTTPText.namesMatch(name, headerName) {
            if let seconds = seconds(in: value) { largest = max(largest ?? 0, seconds) }
        }
        return largest
    }
}
