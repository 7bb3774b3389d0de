/// The script that logs in as `demo` (password a secret) in the realm `alpha` of a simulator tree:
/// the start of the scripts the end-to-end tests write, which add a `request:` or an `expect:`.
public enum LoginScript {
    /// The script's YAML, ending with a blank line so more keys can be appended.
    public static func yaml(name: String, simulate tree: String) -> String {
        """
        version: 1
        name: \(name)
        server: { simulate: \(tree), realm: alpha }
        journey: Login
        vars:
          password: { value: Ch4ng3it!, secret: true }
        handlers:
          NameCallback: demo
          PasswordCallback: "{{ password }}"

        """
    }
}
