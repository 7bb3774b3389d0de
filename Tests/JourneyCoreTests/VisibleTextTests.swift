import JourneyCore
import Testing

/// Server text made safe for a terminal.
@Suite struct VisibleTextTests {
    @Test func controlCharactersBecomeVisibleEscapes() {
        #expect(VisibleText.escaped("User\u{1B}[2J Name\n") == "User\\u001b[2J Name\\n")
        #expect(VisibleText.escaped("plain") == "plain")
    }

    /// A log reader starts a line at U+2028/U+2029; U+FEFF is invisible: each is shown as an escape.
    @Test func invisibleSeparatorsBecomeVisibleEscapes() {
        #expect(VisibleText.escaped("a\u{2028}b\u{2029}c\u{FEFF}d") == "a\\u2028b\\u2029c\\ufeffd")
        #expect(VisibleText.escapedBlock("line\u{2028}\n") == "line\\u2028\n")
    }

    @Test func escapedLinesKeepsLineBreaksOnly() {
        let message = "step 1: no journey 'Login'\n  sent: POST /authenticate\u{1B}]0;x\u{7}\n"
        #expect(
            VisibleText.escapedLines(message)
                == "step 1: no journey 'Login'\n  sent: POST /authenticate\\u001b]0;x\\u0007\n")
    }
}
