import Foundation
import JourneyCore

/// The readers of a response's headers, for the fuzz target: `Server-Timing` and the cookie jar's
/// `Set-Cookie` handling.
package enum ResponseHeaderInputs {
    /// Reads `bytes` as header lines (`Name: value`, one per line) the way the runner reads a
    /// response's: the server's timing and the cookies stored and sent back. Returns the number of
    /// cookies the jar would send.
    @discardableResult
    package static func read(_ bytes: [UInt8]) -> Int {
        let headers = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).prefix(256).map {
            line -> HeaderField in
            let parts = line.split(separator: ":", maxSplits: 1)
            return HeaderField(String(parts.first ?? ""), parts.count == 2 ? String(parts[1]) : "")
        }
        _ = ServerTiming.seconds(inHeaders: headers.map { ($0.name, $0.value) })
        var jar = CookieJar()
        jar.store(from: headers, now: Date(timeIntervalSince1970: 1_800_000_000))
        return jar.header?.value.split(separator: ";").count ?? 0
    }
}
