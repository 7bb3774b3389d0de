import Foundation
import JourneyCore

/// `limits.deadline`: when the time is up first, the work is cancelled (with whatever request,
/// wait or command it was in) and the run ends with a transport error naming the deadline (exit 3).
enum RunDeadline {
    static func within(
        _ seconds: Double?, session: RunSession,
        _ work: @escaping @Sendable () async throws(RunError) -> PhaseResult
    ) async throws(RunError) -> PhaseResult {
        guard let seconds else { return try await work() }
        let finished: Result<PhaseResult, RunError>? = await withTaskGroup(of: Result<PhaseResult, RunError>?.self) {
            group in
            group.addTask {
                do throws(RunError) {
                    return .success(try await work())
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let finished else {
            throw RunError(
                .transport,
                "the run did not finish within its deadline of \(ReportTime.short(seconds)) (limits.deadline)",
                step: session.lastStepNumber)
        }
        return try finished.get()
    }
}
