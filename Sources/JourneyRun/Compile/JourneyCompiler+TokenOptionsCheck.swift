import JourneyCore
import JourneyFormat

extension JourneyCompiler {
    /// Options that only go with a token have no effect without one, so lint refuses them: a
    /// reCAPTCHA Enterprise `timeout` bounds the token provider, which runs only for `token` (as
    /// the SDKs' timeout bounds only the client's execute: ping-ios ReCaptchaEnterprise/
    /// ReCaptchaEnterprise/ReCaptchaEnterpriseCallback.swift `verify()`; `setClientError`,
    /// `setAction` and `setPayload` take none); an IdPCallback `tokenType` is posted only beside
    /// the token (ping-ios ExternalIdP/ExternalIdP/IdpCallback.swift and ping-android
    /// external-idp/src/main/kotlin/com/pingidentity/idp/journey/IdpCallback.kt post the type
    /// with the IdP's result, never alone).
    static func tokenOptionsWithoutToken(_ handler: HandlerSpec, index: Int) -> [Diagnostic] {
        let answer = handler.answer
        guard answer.token == nil, answer.echo?.value != true else { return [] }
        return answer.setOptions.filter { $0.key == "timeout" || $0.key == "tokenType" }.map { option in
            .error(
                "option '\(option.key)' has no effect without token (handler #\(index + 1)): \(option.key == "timeout" ? "the timeout bounds the token provider, which runs only for a token" : "the token type is sent only beside a token")",
                at: option.location, length: option.key.count, hint: "remove it, or give token")
        }
    }
}
