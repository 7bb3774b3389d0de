import JourneyCore

/// The tools `journey mcp` offers: name, what it does (for the assistant choosing one) and
/// the JSON Schema of its arguments.
enum ToolCatalog {
    struct Entry: Sendable {
        let name: String
        let description: String
        let inputSchema: JSONValue
        let readOnly: Bool
    }

    static let entries: [Entry] = [
        Entry(
            name: "lint",
            description:
                "Check a journey script (YAML), a Markdown guide or a folder of them without running anything. Returns each problem with file, line, column, message and hint; an error result when there is any error.",
            inputSchema: schema(["path": pathProperty], required: ["path"]), readOnly: true),
        Entry(
            name: "run",
            description:
                "Run journey scripts (a file, guide or folder) against their server, their simulator tree (server.simulate), a given simulator tree, or a HAR recording (offline). Returns the JSON report: summary, and per script its status, failures and steps (secrets masked). A failed journey is a normal result.",
            inputSchema: schema(
                [
                    "path": pathProperty,
                    "server": property(
                        "string", "The AM base URL (https://tenant.example.com/am); overrides each script's server."),
                    "realm": property(
                        "string", "The realm (alpha, /alpha, customers/europe); overrides each script's realm."),
                    "simulate": property(
                        "string", "A simulator tree file (under the root) to run every script against."),
                    "replay": property(
                        "string",
                        "Replay offline from a HAR file, or a folder (ending in /) of <script>.har, under the root."),
                    "vars": [
                        "type": "object", "description": "Variables supplied to the scripts: name to value.",
                        "additionalProperties": ["type": "string"],
                    ],
                ], required: ["path"]),
            readOnly: false),
        Entry(
            name: "list_scripts",
            description:
                "List the journey scripts and Markdown guides' scripts under a path: file, name, journey, tags, protocol, server or simulator tree, and whether each is valid.",
            inputSchema: schema(["path": pathProperty], required: ["path"]), readOnly: true),
        Entry(
            name: "describe_callback",
            description:
                "Describe a PingAM callback type (NameCallback, ChoiceCallback, WebAuthnRegistrationCallback...): its outputs and inputs, which inputs are secret, the handler options that answer it, and an example handler.",
            inputSchema: schema(
                ["type": property("string", "The callback type, e.g. PasswordCallback.")], required: ["type"]),
            readOnly: true),
        Entry(
            name: "import",
            description:
                "Make a journey script from a HAR recording (under the root) and return it as text; nothing is written. Secret inputs become { env: NAME, secret: true } sources.",
            inputSchema: schema(
                [
                    "har": property("string", "The HAR file, relative to the root."),
                    "journey": property("string", "The journey to import when the recording holds several."),
                ], required: ["har"]),
            readOnly: true),
    ]

    private static let pathProperty = property(
        "string", "A script, guide or folder, relative to the server's root folder (or absolute inside it).")

    private static func property(_ type: String, _ description: String) -> JSONValue {
        ["type": .string(type), "description": .string(description)]
    }

    private static func schema(_ properties: [String: JSONValue], required: [String]) -> JSONValue {
        [
            "type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }),
            "additionalProperties": false,
        ]
    }
}
