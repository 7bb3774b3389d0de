/// The script that logs in as `demo` (password a secret) in the realm `alpha` of a simulator tree:
/// the start of the scripts the end-to-end tests write, which add a `request:` or an `expect:`.
public enum LoginScript {
    /// The script's YAML, ending with a blank line so more keys can be appended. Without a tree
    /// the script names no server (the run gives `--server` or `--simulate`).
    public static func yaml(name: String, simulate tree: String?, password: String = "Ch4ng3it!") -> String {
        yaml(name: name, simulate: tree, passwordSource: "value: \(password)")
    }

    /// The same script with its password read from the environment variable `variable`.
    public static func yaml(name: String, simulate tree: String?, passwordFromEnvironment variable: String) -> String {
        yaml(name: name, simulate: tree, passwordSource: "env: \(variable)")
    }

    private static func yaml(name: String, simulate tree: String?, passwordSource: String) -> String {
        let server = tree.map { "server: { simulate: \($0), realm: alpha }\n" } ?? ""
        return """
            version: 1
            name: \(name)
            \(server)journey: Login
            vars:
              password: { \(passwordSource), secret: true }
            handlers:
              NameCallback: demo
              PasswordCallback: "{{ password }}"

            """
    }

    /// The same script expecting the login to succeed.
    public static func expectingSuccess(name: String, simulate tree: String?, password: String = "Ch4ng3it!")
        -> String
    {
        yaml(name: name, simulate: tree, password: password) + "expect:\n  outcome: success\n\n"
    }
}
