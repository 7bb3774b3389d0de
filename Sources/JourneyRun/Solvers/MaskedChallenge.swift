import JourneyCore

/// A replay solves the challenges its recording holds, which are redacted: where a secret of the
/// run stood in a challenge as a token (the secret `1` in the captcha `1 + 8`), the recording
/// holds `«secret» + 8` and the text to solve is gone. The replay then answers with a
/// placeholder, which matches the answer the recording holds (placeholders stand for any text
/// in replay matching), and says so in the trace. A live run always solves the server's own text.
enum MaskedChallenge {
    /// What a replay sends for a challenge its recording masked.
    static let answer = Redactor.placeholder("recordedAnswer")

    /// The trace note beside such an answer.
    static let note =
        "the recording masks this challenge (a secret of the run stands in it): the recorded answer is replayed"

    /// True when a replay cannot solve `text`: it holds a redaction placeholder.
    static func isMasked(_ text: String, replay: Bool) -> Bool {
        replay && Placeholder.isHeld(in: text)
    }
}
