import JourneyCore

/// ANSI styling for console output, or none. The caller decides whether colour is wanted
/// (a TTY and `NO_COLOR` unset); nothing here looks at the environment. Painted text has its
/// control characters made visible (`VisibleText`): a server's escape sequences never reach the terminal.
package struct ConsoleStyle: Sendable {
    package enum Tone: String {
        case bold = "1"
        case dim = "2"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case cyan = "36"
    }

    package var useColor: Bool

    package init(useColor: Bool) {
        self.useColor = useColor
    }

    /// `text`, its control characters made visible, wrapped in the tone's escape codes when colour is on.
    package func paint(_ text: String, _ tone: Tone) -> String {
        let text = VisibleText.escaped(text)
        guard useColor, !text.isEmpty else { return text }
        return "\u{1B}[\(tone.rawValue)m\(text)\u{1B}[0m"
    }

    /// The tone for an HTTP status: red for 5xx and no response, yellow for 4xx.
    func status(_ status: Int?) -> String {
        guard let status else { return paint("no response", .red) }
        switch status {
        case 500...: return paint(String(status), .red)
        case 400..<500: return paint(String(status), .yellow)
        default: return String(status)
        }
    }
}
