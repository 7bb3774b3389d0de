/// How an answerer's answer looks in a recording, so the importer reads each callback back the
/// way its answerer writes it (`CallbackAnswerer.recordedShape`).
package enum RecordedAnswerShape: Sendable {
    /// Nothing to read: the callback is echoed.
    case none
    /// The main input, when it differs from the `value` output.
    case hiddenValue
    /// The chosen index in the main input, read back as the label (`choose`).
    case choice
    /// `question` and `answer` inputs.
    case kbaCreate
    /// A boolean main input (`accept`).
    case acceptance
    /// `clientError` when set, else the `token` input.
    case reCaptchaEnterprise
    /// The main input as `value` (with `validateOnly`) when the type takes one; a custom type's inputs by name.
    case inputValues
}
