import JourneyCore
import JourneyFormat

extension JourneyCompiler {
    /// A ReCaptchaEnterpriseCallback answer may set any of its inputs alone, as ping-ios's setters
    /// do; one with neither `token` nor `clientError` leaves AM's node no token to assess, so
    /// the node fails unless the server expects that: a warning, since a negative test may want it.
    static func reCaptchaWithoutTokenOrClientError(_ handler: HandlerSpec, index: Int) -> [Diagnostic] {
        let answer = handler.answer
        guard handler.matcher.type?.value == CallbackType.reCaptchaEnterprise.wireName, answer.token == nil,
            answer.clientError == nil, answer.echo?.value != true
        else { return [] }
        return [
            .warning(
                "handler #\(index + 1) sets neither token nor clientError for ReCaptchaEnterpriseCallback: AM's node gets no token to assess",
                at: handler.location,
                hint: "give token (or clientError), unless the journey is meant to fail there")
        ]
    }
}
