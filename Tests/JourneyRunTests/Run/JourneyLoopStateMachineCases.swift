import JourneyFormat

/// The tables of `JourneyLoopStateMachineTests`: each event the driver reports, and the action
/// the machine must answer with.
extension LoopCase {
    static let all: [LoopCase] = ends + answers + suspends + polls

    private static let login = "responses/start-username-password.json"
    private static let loginCaptured = #"capture response ["authId", "callbacks", "stage"] ["Content-Type"], step 1"#
    private static let stepKeys = #"["authId", "callbacks"] ["Content-Type"]"#

    /// Responses that end the journey at once.
    static let ends: [LoopCase] = [
        LoopCase(
            "a success ends the journey with its session",
            turns: [
                (.start, "send first, step 1"),
                (
                    .response("responses/success.json"),
                    #"capture response ["realm", "successUrl", "tokenId"] ["Content-Type"], step 1"#
                ),
                (.responseCaptured, "record step 1 end"),
                (.recorded, "end success token true realm /alpha session true"),
            ]),
        LoopCase(
            "a failure ends the journey with its detail as sent (the driver redacts it)",
            turns: [
                (.start, "send first, step 1"),
                (
                    .response("responses/failure-401-login-failure.json", status: 401),
                    #"capture response ["code", "detail", "message", "reason"] ["Content-Type"], step 1"#
                ),
                (.responseCaptured, "record step 1 end"),
                (.recorded, #"end failure 401 Unauthorized: Login failure detail ["failureUrl"]"#),
            ]),
        LoopCase(
            "a session timeout ends the journey as a timeout",
            turns: [
                (.start, "send first, step 1"),
                (
                    .response("responses/failure-401-session-timeout.json", status: 401),
                    #"capture response ["code", "detail", "message", "reason"] ["Content-Type"], step 1"#
                ),
                (.responseCaptured, "record step 1 end"),
                (.recorded, "end timeout: Session has timed out"),
            ]),
        LoopCase(
            "a 404 failure notes that the realm may not exist",
            turns: [
                (.start, "send first, step 1"),
                (
                    .raw(status: 404, body: #"{"code":404,"reason":"Not Found","message":"Not Found"}"#),
                    #"capture response ["code", "message", "reason"] ["Content-Type"], step 1"#
                ),
                (.responseCaptured, "record step 1 end; hint=realm '/alpha' may not exist on this server"),
                (.recorded, "end failure 404 Not Found: Not Found detail []"),
            ]),
        LoopCase(
            "a 404 that is not JSON fails, naming the realm",
            turns: [
                (.start, "send first, step 1"),
                (
                    .raw(status: 404, body: "no such page"),
                    "fail: POST /am/json/realms/root/realms/alpha/authenticate answered HTTP 404 (application/json) with a body that is not JSON (invalid literal at offset 0): no such page; realm '/alpha' may not exist on this server"
                ),
            ]),
        LoopCase(
            "a redirect ends the journey, its callback unanswered",
            turns: [
                (.start, "send first, step 1"),
                (.response("callbacks/RedirectCallback.json"), "capture response \(stepKeys), step 1"),
                (.responseCaptured, "check [RedirectCallback] codes 0, step 1"),
                (.stepChecked(), "capture [RedirectCallback], step 1"),
                (.stepCaptured, "record step 1 callbacks; RedirectCallback"),
                (.recorded, "end redirect GET https://custom.example/login"),
            ]),
        LoopCase(
            "the step limit stops the journey before the next request",
            limits: Limits(maxSteps: 1),
            turns: [
                (.start, "send first, step 1"),
                (.response(login), loginCaptured),
                (.responseCaptured, "check [NameCallback, PasswordCallback] codes 0, step 1"),
                (.stepChecked(), "capture [NameCallback, PasswordCallback], step 1"),
                (.stepCaptured, "answer [NameCallback, PasswordCallback], step 1"),
                (.answered(), "record step 1 callbacks; NameCallback by table; PasswordCallback by table"),
                (.recorded, "end stopped; step 1: the journey did not end within 1 round trips (limits.maxSteps)"),
            ]),
        LoopCase(
            "a journey after the run's earlier steps numbers on from them, and counts them toward maxSteps",
            limits: Limits(maxSteps: 4), lastStep: 3,
            turns: [
                (.start, "send first, step 4"),
                (.response(login), loginCaptured.replacingOccurrences(of: "step 1", with: "step 4")),
                (.responseCaptured, "check [NameCallback, PasswordCallback] codes 0, step 4"),
                (.stepChecked(), "capture [NameCallback, PasswordCallback], step 4"),
                (.stepCaptured, "answer [NameCallback, PasswordCallback], step 4"),
                (.answered(), "record step 4 callbacks; NameCallback by table; PasswordCallback by table"),
                (.recorded, "end stopped; step 4: the journey did not end within 4 round trips (limits.maxSteps)"),
            ]),
    ]

    /// Steps answered and sent back, or stopped at.
    static let answers: [LoopCase] = [
        LoopCase(
            "a step is checked, captured, answered and sent back",
            turns: [
                (.start, "send first, step 1"),
                (.response(login), loginCaptured),
                (.responseCaptured, "check [NameCallback, PasswordCallback] codes 0, step 1"),
                (.stepChecked(), "capture [NameCallback, PasswordCallback], step 1"),
                (.stepCaptured, "answer [NameCallback, PasswordCallback], step 1"),
                (.answered(), "record step 1 callbacks; NameCallback by table; PasswordCallback by table"),
                (.recorded, "send answer [NameCallback, PasswordCallback], step 2"),
                (
                    .response("responses/success.json"),
                    #"capture response ["realm", "successUrl", "tokenId"] ["Content-Type"], step 2"#
                ),
                (.responseCaptured, "record step 2 end"),
                (.recorded, "end success token true realm /alpha session true"),
            ]),
        LoopCase(
            "a step expect.steps does not list stops the journey, its callbacks unanswered",
            turns: [
                (.start, "send first, step 1"),
                (.response(login), loginCaptured),
                (.responseCaptured, "check [NameCallback, PasswordCallback] codes 0, step 1"),
                (
                    .stepChecked(failures: ["expected [NameCallback]"]),
                    "record step 1 callbacks; NameCallback; PasswordCallback; failure: expected [NameCallback]"
                ),
                (.recorded, "end stopped"),
            ]),
        LoopCase(
            "a callback no handler answers stops the journey",
            turns: [
                (.start, "send first, step 1"),
                (.response(login), loginCaptured),
                (.responseCaptured, "check [NameCallback, PasswordCallback] codes 0, step 1"),
                (.stepChecked(), "capture [NameCallback, PasswordCallback], step 1"),
                (.stepCaptured, "answer [NameCallback, PasswordCallback], step 1"),
                (
                    .answered(unhandled: true),
                    "record step 1 callbacks; NameCallback by table; PasswordCallback by table; failure: no handler for NameCallback, PasswordCallback"
                ),
                (.recorded, "end stopped"),
            ]),
        LoopCase(
            "recovery codes are handed over to be registered as secrets before the check",
            turns: [
                (.start, "send first, step 1"),
                (.response("callbacks/mfa/recovery-codes-display.json"), "capture response \(stepKeys), step 1"),
                (.responseCaptured, "check [TextOutputCallback] codes 10, step 1"),
            ]),
    ]

    private static let suspended = "callbacks/SuspendedTextOutputCallback.json"
    private static let suspendedMessage =
        "An email has been sent to the address you entered. Click the link in that email to proceed."

    /// A suspended journey: it ends, or a resume handler resumes it.
    static let suspends: [LoopCase] = [
        LoopCase(
            "a suspended step without a resume handler ends the journey suspended",
            turns: [
                (.start, "send first, step 1"),
                (.response(suspended), "capture response \(stepKeys), step 1"),
                (.responseCaptured, "check [SuspendedTextOutputCallback] codes 0, step 1"),
                (.stepChecked(), "capture [SuspendedTextOutputCallback], step 1"),
                (.stepCaptured, "record step 1 callbacks; SuspendedTextOutputCallback"),
                (.recorded, "end suspended: \(suspendedMessage)"),
            ]),
        LoopCase(
            "a suspended step with a resume handler resumes with the suspendedId",
            handlers:
                "  SuspendedTextOutputCallback:\n    resume: { outbox: { to: demo@example.com, field: suspendedId } }\n",
            turns: [
                (.start, "send first, step 1"),
                (.response(suspended), "capture response \(stepKeys), step 1"),
                (.responseCaptured, "check [SuspendedTextOutputCallback] codes 0, step 1"),
                (.stepChecked(), "capture [SuspendedTextOutputCallback], step 1"),
                (.stepCaptured, "resolve resume"),
                (
                    .resumeResolved("c2VjcmV0"),
                    "record step 1 callbacks; SuspendedTextOutputCallback by handler #1 at table.yaml:5:3 resume=«suspendedId»"
                ),
                (.recorded, "send resume c2VjcmV0, step 2"),
            ]),
    ]

    private static let polling = "callbacks/PollingWaitCallback.json"

    /// The events of one PollingWaitCallback step up to its answer.
    private static func pollingStep(_ step: Int) -> [(LoopEvent, String)] {
        [
            (.response(polling), "capture response \(stepKeys), step \(step)"),
            (.responseCaptured, "check [PollingWaitCallback] codes 0, step \(step)"),
            (.stepChecked(), "capture [PollingWaitCallback], step \(step)"),
            (.stepCaptured, "answer [PollingWaitCallback], step \(step)"),
        ]
    }

    /// PollingWaitCallback: wait its `waitTime`, up to `limits.maxPolls` polls in a row.
    static let polls: [LoopCase] = [
        LoopCase(
            "polling waits the server's waitTime, noted on the step and the next, up to maxPolls",
            limits: Limits(maxPolls: 2),
            turns: [(.start, "send first, step 1")] + pollingStep(1) + [
                (.answered(), "wait 8.0 s, step 1"),
                (.waited, "record step 1 callbacks; PollingWaitCallback by table wait=8000 ms"),
                (.recorded, "send answer [PollingWaitCallback], step 2"),
            ] + pollingStep(2) + [
                (.answered(), "wait 8.0 s, step 2"),
                (.waited, "record step 2 callbacks; waited 8.0 s; PollingWaitCallback by table wait=8000 ms"),
                (.recorded, "send answer [PollingWaitCallback], step 3"),
            ] + pollingStep(3) + [
                (
                    .answered(),
                    "record step 3 callbacks; waited 8.0 s; PollingWaitCallback by table; failure: still polling after 2 polls (limits.maxPolls)"
                ),
                (.recorded, "end stopped"),
            ]),
        LoopCase(
            "fast polling does not wait, and says so",
            fastPolling: true,
            turns: [(.start, "send first, step 1")] + pollingStep(1) + [
                (.answered(), "wait 0.0 s, step 1"),
                (
                    .waited,
                    "record step 1 callbacks; PollingWaitCallback by table wait=8000 ms (fast polling: not waited)"
                ),
                (.recorded, "send answer [PollingWaitCallback], step 2"),
            ]),
        LoopCase(
            "the Exit of a polling step posts at once",
            turns: [(.start, "send first, step 1")] + pollingStep(1) + [
                (.answered(exitPolling: true), "record step 1 callbacks; PollingWaitCallback by table"),
                (.recorded, "send answer [PollingWaitCallback], step 2"),
            ]),
        LoopCase(
            "a wait longer than the run's deadline fails at once",
            limits: Limits(deadlineSeconds: 5),
            turns: [(.start, "send first, step 1")] + pollingStep(1) + [
                (
                    .answered(),
                    "fail: the server asks to wait 8 s (PollingWaitCallback waitTime), longer than the run's deadline of 5 s (limits.deadline)"
                )
            ]),
    ]
}
