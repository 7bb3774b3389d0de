import Foundation
import JourneyRun

/// Keeps the HAR a capture writes within what the recording readers read
/// (`HARReader.maximumFileBytes`): an upper bound of each part's size in the file is added up,
/// and while the total is over the limit, the largest bodies left are replaced by the line a
/// body not kept is (`[body not kept: …]`); past that (headers alone over the limit), the last
/// entries are left out. Nothing is encoded twice: the bound is counted from the strings.
package enum CaptureFileSize {
    /// The limit the bound is held to: the readers' limit, less a margin for the document's frame.
    package static let limit = HARReader.maximumFileBytes - (1 << 20)

    /// What `fit` changed.
    package struct Fitting: Sendable, Equatable {
        package var bodiesCut = 0
        package var entriesLeftOut = 0

        package init() {}
    }

    /// `document` within `limit` bytes once written by `HARWriter`.
    package static func fit(_ document: inout HARDocument, within limit: Int = limit) -> Fitting {
        var fitting = Fitting()
        var total = 4096 + (document.log.pages ?? []).reduce(0) { $0 + bound(of: $1) }
        var entryBounds = document.log.entries.map(bound(of:))
        total += entryBounds.reduce(0, +)
        guard total > limit else { return fitting }
        // The bodies, largest first: (entry, request?, bound).
        var bodies: [(entry: Int, request: Bool, size: Int)] = []
        for (index, entry) in document.log.entries.enumerated() {
            if let text = entry.request.postData?.text { bodies.append((index, true, escaped(text))) }
            if let text = entry.response.content.text { bodies.append((index, false, escaped(text))) }
        }
        bodies.sort { $0.size > $1.size }
        for body in bodies where total > limit {
            let line = String(decoding: CaptureLog.notKept(body.size), as: UTF8.self)
            let saved = body.size - escaped(line)
            guard saved > 0 else { continue }
            if body.request {
                document.log.entries[body.entry].request.postData?.text = line
            } else {
                document.log.entries[body.entry].response.content.text = line
                document.log.entries[body.entry].response.content.encoding = nil
                document.log.entries[body.entry].response.content.size = line.utf8.count
            }
            entryBounds[body.entry] -= saved
            total -= saved
            fitting.bodiesCut += 1
        }
        while total > limit, let last = entryBounds.popLast() {
            document.log.entries.removeLast()
            total -= last
            fitting.entriesLeftOut += 1
        }
        return fitting
    }

    /// At least the bytes `entry` takes in the file: every string escaped, plus room for each
    /// member's name, quotes and indentation, and for the members that are not strings.
    static func bound(of entry: HAREntry) -> Int {
        let request = entry.request
        let response = entry.response
        var strings = [request.method, request.url, request.httpVersion, response.statusText, response.httpVersion]
        strings += [response.redirectURL, entry.startedDateTime, entry.pageref ?? "", response.content.mimeType]
        strings += [request.postData?.mimeType ?? "", request.postData?.text ?? "", response.content.text ?? ""]
        for pair in request.headers + request.cookies + request.queryString + response.headers + response.cookies {
            strings += [pair.name, pair.value]
        }
        return 4096 + strings.reduce(0) { $0 + escaped($1) + 64 }
    }

    static func bound(of page: HARPage) -> Int {
        // The journey's name stands in the title, the page's journey and name, and its script's file name.
        4096 + 4 * escaped(page.title) + escaped(page.id)
    }

    /// The length of `text` as a JSON string, quotes included, at most: `"` and `\` take two
    /// bytes, control characters six (`\u0000`), anything else its UTF-8 bytes.
    static func escaped(_ text: String) -> Int {
        var count = 2
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): count += 2
            case 0..<0x20: count += 6
            default: count += 1
            }
        }
        return count
    }
}
