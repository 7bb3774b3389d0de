import JourneyCore
import Testing

/// Server text made safe for a terminal.
@Suite struct VisibleTextTests {
    @Test func controlCharactersBecomeVisibleEscapes() {
        #expect(VisibleText.escaped("User\u{1B}[2J Name\n") == "User\\u001b[2J Name\\n")
        #expect(VisibleText.escaped("plain") == "plain")
    }

    @Test func escapedLinesKeepsLineBreaksOnly() {
        let message = "step 1: no journey 'Login'\n  sent: POST /authenticate\u{1B}]0;x\u{7}\n"
        #expect(
            VisibleText.escapedLines(message)
                == "step 1: no journey 'Login'\n  sent: POST /authenticate\\u001b]0;x\\u0007\n")
    }
}
