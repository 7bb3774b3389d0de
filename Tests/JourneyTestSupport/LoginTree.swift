/// The smallest simulator tree the tests start: a `Login` journey that asks for a username and a
/// password and checks them against the one user `demo` / `Ch4ng3it!`. Shared by the test targets
/// so each test writes only what it varies.
public enum LoginTree {
    /// The tree's YAML; `settings` is a flow mapping (`{ maxPendingJourneys: 2 }`) and
    /// `credentialsFault` a fault on the credentials page (`{ kind: hangOnValue, value: x }`).
    public static func yaml(settings: String? = nil, credentialsFault: String? = nil) -> String {
        var lines = ["kind: simulator", "version: 1"]
        if let settings { lines.append("settings: \(settings)") }
        lines += [
            "users: [{ username: demo, password: Ch4ng3it! }]",
            "journeys:",
            "  Login:",
            "    start: credentials",
            "    nodes:",
            "      credentials:",
        ]
        if let credentialsFault { lines.append("        fault: \(credentialsFault)") }
        lines += [
            "        page:",
            "          callbacks:",
            "            - { type: NameCallback, prompt: User Name }",
            "            - { type: PasswordCallback, prompt: Password }",
            "        next: check",
            "      check:",
            "        credentials: {}",
            #"        outcomes: { "true": success, "false": failure }"#,
        ]
        return lines.joined(separator: "\n")
    }
}
