/// Puts each expectation failure under the step it concerns, once.
///
/// A failure may be recorded on its step, in the result's list, or both; it is shown once,
/// under the step when it names one that exists, otherwise after the steps.
package struct FailurePlacement {
    package private(set) var byStep: [Int: [ExpectationFailure]] = [:]
    package private(set) var general: [ExpectationFailure] = []

    package init(_ result: JourneyResult) {
        var seen = Set<String>()
        let numbers = Set(result.steps.map(\.number))
        for step in result.steps {
            for failure in step.failures where seen.insert(Self.key(failure, step: step.number)).inserted {
                byStep[step.number, default: []].append(failure)
            }
        }
        for failure in result.failures {
            let step = failure.step.flatMap { numbers.contains($0) ? $0 : nil }
            guard seen.insert(Self.key(failure, step: step)).inserted else { continue }
            if let step {
                byStep[step, default: []].append(failure)
            } else {
                general.append(failure)
            }
        }
    }

    /// Every placed failure, in display order.
    package var all: [ExpectationFailure] {
        byStep.keys.sorted().flatMap { byStep[$0] ?? [] } + general
    }

    private static func key(_ failure: ExpectationFailure, step: Int?) -> String {
        "\(step.map(String.init) ?? "-")|\(failure.location.map(\.description) ?? "-")|\(failure.message)"
    }
}
