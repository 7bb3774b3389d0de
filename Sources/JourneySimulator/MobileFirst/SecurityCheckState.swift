import Foundation
import JourneyCore

/// One client's state of one security check: CredentialsValidationSecurityCheck's state
/// machine (challenges.md §2.2) on the simulator's clock.
struct SecurityCheckState: Sendable, Equatable {
    enum Phase: String, Sendable {
        case attempting, success, blocked
    }

    /// nil: no state (never reached, or expired and dropped).
    var phase: Phase?
    var usedAttempts = 0
    var expiresAt: Date?
    /// The answer the last challenge expects (SimpleCaptcha's sum).
    var expected: String?

    /// What a check answers for one request.
    enum Response: Sendable, Equatable {
        case success(JSONValue)
        case challenge(JSONValue)
        case failure(JSONValue)
    }

    /// Runs `authorize` for `check`: drops an expired state, validates `credentials` (when sent
    /// and not blocked), then answers by state.
    mutating func authorize(
        _ check: SecurityCheckDefinition, credentials: JSONValue?, now: Date, random: RandomSource
    ) -> Response {
        if let expiresAt, expiresAt <= now {
            self = SecurityCheckState()
        }
        var wrongAnswer = false
        if let credentials, !credentials.isNull, phase != .blocked {
            if validate(check, credentials) {
                enter(.success, now: now, lifetime: check.successStateExpirationSec)
            } else {
                wrongAnswer = true
                if phase != .attempting { enter(.attempting, now: now, lifetime: check.attemptingStateExpirationSec) }
                usedAttempts += 1
                if remaining(check) == 0 { enter(.blocked, now: now, lifetime: check.blockedStateExpirationSec) }
            }
        }
        switch phase {
        case .success?:
            return .success(.object([:]))
        case .blocked?:
            return .failure(["failure": "Account blocked"])
        case .attempting?, nil:
            if phase != .attempting { enter(.attempting, now: now, lifetime: check.attemptingStateExpirationSec) }
            return .challenge(createChallenge(check, wrongAnswer: wrongAnswer, random: random))
        }
    }

    /// Attempts left: `max(0, maxAttempts − usedAttempts)`.
    func remaining(_ check: SecurityCheckDefinition) -> Int {
        max(0, check.maxAttempts - usedAttempts)
    }

    /// True while the check grants its scope (success, not expired).
    func isGranted(at now: Date) -> Bool {
        phase == .success && (expiresAt.map { $0 > now } ?? true)
    }

    /// A state change resets the attempt count and sets the new state's expiration.
    private mutating func enter(_ phase: Phase, now: Date, lifetime: Int) {
        self.phase = phase
        usedAttempts = 0
        expiresAt = now.addingTimeInterval(Double(lifetime))
    }

    private func validate(_ check: SecurityCheckDefinition, _ credentials: JSONValue) -> Bool {
        switch check.kind {
        case .simpleCaptcha:
            guard let expected, let answer = credentials["answer"] else { return false }
            return answer.displayText.trimmingCharacters(in: .whitespaces) == expected
        case .pin:
            guard let pin = credentials["pin"] else { return false }
            return pin.displayText == check.pin
        }
    }

    private mutating func createChallenge(_ check: SecurityCheckDefinition, wrongAnswer: Bool, random: RandomSource)
        -> JSONValue
    {
        switch check.kind {
        case .simpleCaptcha:
            let left = random.below(check.maxOperator)
            let right = random.below(check.maxOperator)
            expected = String(left + right)
            return ["captcha": .string("\(left) + \(right)"), "message": wrongAnswer ? "Incorrect answer" : .null]
        case .pin:
            return [
                "errorMsg": wrongAnswer ? "Wrong PIN" : .null,
                "remainingAttempts": .int(remaining(check)),
            ]
        }
    }
}
