// Placeholder until scripts/embed-schemas runs.
enum EmbeddedSchemas {
    static let journey = "{}"
    static let simulator = "{}"
}
