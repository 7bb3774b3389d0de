import Crypto
import Dispatch

/// How long a proof-of-work search may run, and how many candidates it may try.
package struct PoWLimits: Sendable, Hashable {
    /// Candidates tried at most.
    package var maxCount: UInt64
    /// Wall-clock seconds at most (the work is real CPU time, whatever the run's clock says).
    package var timeoutSeconds: Double

    package init(maxCount: UInt64 = 100_000_000, timeoutSeconds: Double = 30) {
        self.maxCount = maxCount
        self.timeoutSeconds = timeoutSeconds
    }
}

/// Why a search found nothing.
package enum PoWError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Every candidate in range was tried.
    case exhausted(tried: UInt64)
    /// `maxCount` candidates were tried.
    case maxCountReached(tried: UInt64)
    /// The time limit passed.
    case timedOut(tried: UInt64, seconds: Double)
    /// The search was cancelled.
    case cancelled(tried: UInt64)

    package var description: String {
        switch self {
        case .exhausted(let tried):
            return "the challenge is unsolvable: no number in its range (\(tried) tried) gives the expected hash"
        case .maxCountReached(let tried):
            return "no solution within the maximum count (\(tried) tried); raise maxCount if the difficulty is right"
        case .timedOut(let tried, let seconds):
            return
                "no solution within \(Self.format(seconds)) s (\(tried) tried); raise timeout if the difficulty is right"
        case .cancelled(let tried):
            return "the search was cancelled after \(tried) tries"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
    }
}

/// What a found nonce came with.
package struct PoWResult: Sendable, Hashable {
    /// The nonce, as the decimal text appended to the prefix.
    package var nonce: UInt64
    /// Candidates tried, including the winning one.
    package var tried: UInt64
    package var seconds: Double
}

/// The search loop every scheme shares: hash `prefix ‖ decimal(n)` for n = start, start+1, …
/// until `accept` holds for the digest. The prefix is hashed once; each candidate copies the
/// hasher's state and adds only the nonce's digits, which are kept as ASCII and incremented in place.
package enum PoWSearch {
    package static func search(
        _ hash: PoWHash, prefix: [UInt8], start: UInt64 = 0, through end: UInt64 = .max, limits: PoWLimits,
        portable: Bool = false, accept: (UnsafeRawBufferPointer) -> Bool
    ) throws(PoWError) -> PoWResult {
        if PoWFastHash.available && !portable { return try PoWFastHash.run(hash, prefix, start, end, limits, accept) }
        switch hash {
        case .sha1: return try run(Insecure.SHA1.self, prefix, start, end, limits, accept)
        case .sha256: return try run(SHA256.self, prefix, start, end, limits, accept)
        case .sha512: return try run(SHA512.self, prefix, start, end, limits, accept)
        }
    }

    /// Hashes `count` candidates with no acceptance test: the raw speed, for the bench.
    package static func measure(_ hash: PoWHash, prefix: [UInt8], start: UInt64 = 0, count: UInt64) -> PoWResult {
        let limits = PoWLimits(maxCount: count, timeoutSeconds: .infinity)
        var sink: UInt8 = 0
        let started = DispatchTime.now().uptimeNanoseconds
        var tried: UInt64 = 0
        do {
            _ = try search(hash, prefix: prefix, start: start, limits: limits) { digest in
                sink &+= digest[0]
                return false
            }
        } catch {
            // No digest is accepted, so the search always ends with an error that says how far it got.
            switch error {
            case .exhausted(let count), .maxCountReached(let count), .timedOut(let count, _), .cancelled(let count):
                tried = count
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return PoWResult(nonce: UInt64(sink), tried: tried, seconds: seconds)
    }

    /// The portable path: swift-crypto's hash functions.
    @inline(__always)
    private static func run<H: HashFunction>(
        _ type: H.Type, _ prefix: [UInt8], _ start: UInt64, _ end: UInt64, _ limits: PoWLimits,
        _ accept: (UnsafeRawBufferPointer) -> Bool
    ) throws(PoWError) -> PoWResult {
        var base = H()
        base.update(data: prefix)
        return try loop(start, end, limits, digestSize: H.Digest.byteCount, accept) { digits, out in
            var hasher = base
            hasher.update(bufferPointer: digits)
            hasher.finalize().withUnsafeBytes {
                out.update(from: $0.bindMemory(to: UInt8.self).baseAddress!, count: $0.count)
            }
        }
    }

    /// Candidates `start`, `start+1`, … as decimal digits; `hash(digits, out)` writes the digest of
    /// prefix ‖ digits into `out`; stops at the first digest `accept` takes, or at a limit.
    @inline(__always)
    static func loop(
        _ start: UInt64, _ end: UInt64, _ limits: PoWLimits, digestSize: Int,
        _ accept: (UnsafeRawBufferPointer) -> Bool,
        hash: (UnsafeRawBufferPointer, UnsafeMutablePointer<UInt8>) -> Void
    ) throws(PoWError) -> PoWResult {
        let started = DispatchTime.now().uptimeNanoseconds
        let deadline: UInt64 =
            limits.timeoutSeconds.isFinite
            ? started &+ UInt64(max(0, limits.timeoutSeconds) * 1e9) : .max
        var counter = DecimalCounter(start)
        var nonce = start
        var tried: UInt64 = 0
        let digest = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
        defer { digest.deallocate() }
        let digestBuffer = UnsafeRawBufferPointer(start: digest, count: digestSize)
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
        while true {
            if nonce > end { throw .exhausted(tried: tried) }
            if tried >= limits.maxCount { throw .maxCountReached(tried: tried) }
            if tried & 0x3FFF == 0x3FFF {
                if DispatchTime.now().uptimeNanoseconds > deadline {
                    throw .timedOut(tried: tried, seconds: limits.timeoutSeconds)
                }
                if Task.isCancelled { throw .cancelled(tried: tried) }
            }
            counter.withDigits { hash($0, digest) }
            tried += 1
            if accept(digestBuffer) {
                return PoWResult(nonce: nonce, tried: tried, seconds: elapsed())
            }
            if nonce == .max { throw .exhausted(tried: tried) }
            nonce += 1
            counter.increment()
        }
    }
}

/// A non-negative integer kept as ASCII decimal digits, incremented in place.
struct DecimalCounter {
    /// Digits right-aligned in a 20-byte buffer (UInt64.max has 20 digits).
    private var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
    private var start = 20

    init(_ value: UInt64) {
        let text = Array(String(value).utf8)
        start = 20 - text.count
        withUnsafeMutableBytes(of: &buffer) { bytes in
            for (index, ascii) in text.enumerated() { bytes[start + index] = ascii }
        }
    }

    mutating func increment() {
        let first = start
        let grew = withUnsafeMutableBytes(of: &buffer) { bytes -> Bool in
            var index = 19
            while index >= first {
                if bytes[index] == UInt8(ascii: "9") {
                    bytes[index] = UInt8(ascii: "0")
                    index -= 1
                } else {
                    bytes[index] += 1
                    return false
                }
            }
            bytes[first - 1] = UInt8(ascii: "1")
            return true
        }
        if grew { start -= 1 }
    }

    func withDigits<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        var copy = buffer
        let first = start
        return withUnsafeBytes(of: &copy) { body(UnsafeRawBufferPointer(rebasing: $0[first..<20])) }
    }
}
