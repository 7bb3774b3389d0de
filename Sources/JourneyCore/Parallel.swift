import Dispatch
import Foundation
import Synchronization

/// Independent work spread over the cores, for the long synchronous jobs at the end of a
/// command (a capture's stop): each element's result is the same as a plain `map` gives, in
/// the same order; only the wall time changes.
package enum Parallel {
    /// `transform` of each element, in order. The elements are cut into a few contiguous chunks
    /// per core, so the threads share the work however uneven its parts are.
    package static func map<Element: Sendable, Result: Sendable>(
        _ elements: [Element], _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        let chunks = min(elements.count, ProcessInfo.processInfo.activeProcessorCount * 4)
        guard chunks > 1 else { return elements.map(transform) }
        let parts = Mutex([[Result]](repeating: [], count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let part = elements[bounds(of: chunk, in: chunks, count: elements.count)].map(transform)
            parts.withLock { $0[chunk] = part }
        }
        return parts.withLock { $0.flatMap { $0 } }
    }

    /// The indices of chunk `chunk` of `chunks` over `count` elements: sizes differ by one at most.
    static func bounds(of chunk: Int, in chunks: Int, count: Int) -> Range<Int> {
        (chunk * count / chunks)..<((chunk + 1) * count / chunks)
    }
}
