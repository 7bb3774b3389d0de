import Foundation
import JourneyCore
import JourneyFormat

extension RunContext {
    /// `totp(x)` and `hotp(x, n)` for the expression evaluator.
    func oneTimePassword(_ function: String, _ arguments: [ResolvedValue], at location: SourceLocation) throws(RunError)
        -> ResolvedValue
    {
        guard let argument = arguments.first else {
            throw RunError(.script, "\(location): \(function)() needs a secret or an otpauth:// URI")
        }
        if offline && Placeholder.isHeld(in: argument.text) {
            // A replay: the recording holds the secret as «otpSecret» and the code as «totp»; so does this run.
            return ResolvedValue(.string(Redactor.placeholder(function)), secretName: function)
        }
        let parameters = try OTPSolver.parameters(argument, function: function, redactor: redactor, at: location)
        if function == "totp" {
            return OTPSolver.totp(parameters, now: now(), ledger: otpLedger, redactor: redactor)
        }
        var counter: UInt64?
        if arguments.count > 1 {
            guard let value = ValueConversion.number(arguments[1].json)?.intValue, value >= 0 else {
                throw RunError(
                    .script,
                    "\(location): hotp(): the counter must be a non-negative integer, got '\(arguments[1].text)'")
            }
            counter = UInt64(value)
        }
        return OTPSolver.hotp(parameters, counter: counter, ledger: otpLedger, redactor: redactor)
    }

    /// Before a template with `totp(...)` is evaluated: when the current time step was already
    /// used with that secret (AM would refuse the code), sleep on the run's clock until the next step.
    func waitForFreshOTPSteps(_ template: Template) async throws(RunError) {
        let arguments = template.expressions.flatMap(OTPSolver.totpArguments(in:))
        guard !arguments.isEmpty else { return }
        for argument in arguments {
            let value = try evaluator.evaluate(argument, at: template.location)
            if offline && Placeholder.isHeld(in: value.text) { continue }
            let parameters = try OTPSolver.parameters(
                value, function: "totp", redactor: redactor, at: template.location)
            let seconds = otpLedger.secondsUntilFreshStep(for: parameters, at: now())
            guard seconds > 0 else { continue }
            do {
                try await clock.sleep(seconds: seconds)
            } catch {
                throw RunError(
                    .script,
                    "\(template.location): cancelled while waiting \(Int(seconds.rounded(.up))) s for a fresh TOTP time step"
                )
            }
        }
    }
}
