import JourneyCore

/// A continue body that breaks AM's echo rules (400, CREST shape).
struct EchoViolation: Error {
    let message: String

    static let count = EchoViolation(message: "Incorrect number of callbacks found in JSON response")
    static let missing = EchoViolation(message: "Required callback not found in JSON response")
}

/// Checks a continue body against the page that was sent, as AM's callback handler does, and pulls out the answers.
enum EchoValidator {
    /// Answers by page position: input name → value.
    typealias Answers = [Int: [String: JSONValue]]

    /// `CallbackType.readByName`, by wire name: a client may post only the inputs it set.
    static let readByName: Set<String> = Set(CallbackType.readByName.map(\.wireName))

    /// Output-only callbacks may be left out; every input callback must come back, in order, same
    /// type, same inputs (a callback read by name: a subset of them, each at most once).
    static func answers(submitted: [JSONValue], issued: [IssuedCallback]) throws(EchoViolation) -> Answers {
        var returned: [AMCallback] = []
        for item in submitted {
            guard let callback = AMCallback(json: item) else { throw .missing }
            let answeredByName = callback.input != nil && readByName.contains(callback.type)
            if (callback.input ?? []).isEmpty && !answeredByName { continue }
            returned.append(callback)
        }
        let expected = issued.indices.filter { !issued[$0].inputNames.isEmpty }
        guard returned.count == expected.count else { throw .count }
        var answers: Answers = [:]
        for (position, index) in expected.enumerated() {
            let sent = issued[index]
            let back = returned[position]
            guard back.type == sent.type else { throw .missing }
            let sentNames = sent.inputNames
            let backInputs = back.input ?? []
            let subset = readByName.contains(sent.type)
            guard backInputs.count == sentNames.count || (subset && backInputs.count < sentNames.count) else {
                throw .missing
            }
            var values: [String: JSONValue] = [:]
            for input in backInputs {
                guard sentNames.contains(input.name), values[input.name] == nil else { throw .missing }
                values[input.name] = input.value
            }
            answers[index] = values
        }
        return answers
    }

    /// The answer of the input with `suffix` on the callback at `index`.
    static func value(_ answers: Answers, _ index: Int, suffix: String) -> JSONValue? {
        answers[index]?.first(where: { AMCallback.suffix(of: $0.key) == suffix })?.value
    }
}
