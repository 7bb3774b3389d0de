import JourneyCore
import Testing

/// `ByteSearch.contains` answers as a search of every position does, at the edges too.
@Suite struct ByteSearchTests {
    static func naive(_ needle: [UInt8], _ haystack: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<$0 + needle.count]) == needle }
    }

    @Test func agreesWithASearchOfEveryPosition() {
        let needles = ["", "o", "otpauth", "oo", "abcabd"].map { Array($0.utf8) }
        let haystacks = [
            "", "o", "otpauth", "otpaut", "xotpauth", "otpauthx", "ootpauth", "otpautotpauth", "abcabcabd", "abcab",
            "oooooo", "no marker here at all", "otpauth://totp/x?secret=JBSW",
        ].map { Array($0.utf8) }
        for needle in needles {
            for haystack in haystacks {
                let found = haystack.withUnsafeBytes { ByteSearch.contains(needle, in: $0) }
                #expect(found == Self.naive(needle, haystack), "\(needle) in \(haystack)")
            }
        }
    }
}
