import Foundation
import JourneyCore
import Synchronization

/// A sent request's URL as a replay compares it: the path percent-encoded, the query
/// percent-decoded in order, as `URLComponents` reads them (and as the recording was read).
/// A run sends the same few URLs again and again, and reading one was a fifth of a replayed
/// request, so the readings are kept (at most `limit`, then the memo starts afresh).
enum SentURL {
    struct Parts: Sendable {
        let path: String
        let amPath: String
        let query: [(name: String, value: String)]
    }

    private static let known = Mutex<[String: Parts]>([:])
    private static let limit = 256

    static func parts(_ url: String) -> Parts {
        if let parts = known.withLock({ $0[url] }) { return parts }
        let components = URLComponents(string: url)
        let path = components?.percentEncodedPath ?? url
        let parts = Parts(
            path: path, amPath: RecordedExchange.amPath(path),
            query: PercentEncoding.queryItems(of: components))
        known.withLock { known in
            if known.count >= limit { known.removeAll(keepingCapacity: true) }
            known[url] = parts
        }
        return parts
    }
}
