/// Where a line ends, as CommonMark and YAML read text: at `\n`, at `\r\n` or at a `\r` alone.
package enum LineEnd {
    /// The end of the line that starts at `start` in `bytes`: where its content stops and where
    /// the next line starts (both `endIndex` for a last line without a line end).
    package static func after(_ start: String.UTF8View.Index, in bytes: String.UTF8View) -> (
        content: String.UTF8View.Index, next: String.UTF8View.Index
    ) {
        guard let end = bytes[start...].firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
        else { return (bytes.endIndex, bytes.endIndex) }
        let next = bytes.index(after: end)
        if bytes[end] == UInt8(ascii: "\r"), next < bytes.endIndex, bytes[next] == UInt8(ascii: "\n") {
            return (end, bytes.index(after: next))
        }
        return (end, next)
    }
}
