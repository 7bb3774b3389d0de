import Foundation
import JourneyCore
import JourneyFormat

/// `{{ totp(x) }}` and `{{ hotp(x, n) }}`: codes from a Base32 secret or an otpauth:// URI on the
/// run's clock. Codes are secrets (`«totp»`, `«hotp»`), and so is the secret they come from.
enum OTPSolver {
    /// The parameters of a `totp`/`hotp` argument; the secret is registered with the redactor.
    static func parameters(_ argument: ResolvedValue, function: String, redactor: Redactor, at location: SourceLocation)
        throws(RunError) -> OTPParameters
    {
        let text = argument.text
        let parameters: OTPParameters
        do {
            parameters = try OTPParameters.parse(text)
        } catch {
            throw RunError(.script, "\(location): \(function)(): \(error.description)")
        }
        redactor.register(parameters.secretText, name: "otpSecret")
        redactor.register(Base32.encode(parameters.secret), name: "otpSecret")
        return parameters
    }

    /// A TOTP code for now (an HOTP URI given to `totp` is answered as HOTP), recorded in the ledger.
    static func totp(_ parameters: OTPParameters, now: Date, ledger: OTPLedger, redactor: Redactor) -> ResolvedValue {
        if parameters.kind == .hotp { return hotp(parameters, counter: nil, ledger: ledger, redactor: redactor) }
        ledger.useTimeStep(parameters.step(at: now), for: parameters)
        let code = parameters.code(at: now)
        redactor.register(code, name: "totp")
        return ResolvedValue(.string(code), secretName: "totp")
    }

    /// An HOTP code at `counter`, or at the next counter the ledger hands out.
    static func hotp(_ parameters: OTPParameters, counter: UInt64?, ledger: OTPLedger, redactor: Redactor)
        -> ResolvedValue
    {
        let used = ledger.takeCounter(for: parameters, explicit: counter)
        let code = OneTimePassword.hotp(
            secret: parameters.secret, counter: used, digits: parameters.digits, algorithm: parameters.algorithm)
        redactor.register(code, name: "hotp")
        return ResolvedValue(.string(code), secretName: "hotp")
    }

    /// The `totp(...)` calls in an expression, with their argument expressions.
    static func totpArguments(in expression: TemplateExpression) -> [TemplateExpression] {
        switch expression {
        case .call(let name, let arguments):
            let own = name == "totp" ? Array(arguments.prefix(1)) : []
            return own + arguments.flatMap(totpArguments(in:))
        case .path, .string, .number:
            return []
        }
    }
}
