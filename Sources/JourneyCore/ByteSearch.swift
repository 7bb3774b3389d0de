#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds bytes in bytes with the C library's `memchr` (vectorised) for the first byte, then a
/// comparison: every response body of a run is searched once for markers such as `otpauth`.
package enum ByteSearch {
    /// True when `needle` occurs in `haystack` (an empty needle occurs everywhere).
    package static func contains(_ needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count, let base = haystack.baseAddress else { return false }
        let last = haystack.count - needle.count
        var offset = 0
        while offset <= last {
            guard let found = memchr(base + offset, Int32(first), last - offset + 1) else { return false }
            let position = base.distance(to: UnsafeRawPointer(found))
            let equal = needle.withUnsafeBytes { bytes in
                bytes.baseAddress.map { memcmp(found, $0, needle.count) == 0 } ?? false
            }
            if equal { return true }
            offset = position + 1
        }
        return false
    }
}
