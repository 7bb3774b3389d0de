import Foundation
import JourneyTestSupport
import Testing

/// A journey whose stage, header, prompts, message and choices hold terminal escapes, control
/// characters, `{{ }}`, YAML syntax, U+2028 and a leading U+FEFF: the walk shows each as
/// visible escapes, never raw, and the script it writes sends the text back exactly (it is data,
/// never a template or a key): it lints clean, runs live and replays.
extension NewCommandTests {
    @Test func hostileServerTextIsShownEscapedAndWrittenAsData() async throws {
        let folder = try TemporaryFiles.directory("journey-new-hostile")
        try Self.hostileTree().write(to: folder.appendingPathComponent("hostile-tree.json"))
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate hostile-tree.json --journey Hostile"),
            turns: [
                Turn(wait: "&anchor *alias\": ", type: "{{ me }}: #x"),
                Turn(wait: "Choose 1-4 or a label [1]: ", type: "2"),
            ], in: folder)
        let raw: Set<UInt32> = [0x1B, 0x07, 0x9B, 0x2028, 0xFEFF]
        #expect(!session.screen.unicodeScalars.contains { raw.contains($0.value) }, "\(session.screen)")
        for shown in [
            "Step 1 · \\ufeff\\u001b[31mStage {{ stage }}: #x\\u2028- y · \\u001b]0;pwned\\u0007Header",
            "  \\u001b[2J{{ message }}\\u2028key: [value]\\u009b",
            "NameCallback \"\\ufeffName {{ x }}\\u001b[1m: &anchor *alias\": {{ me }}: #x",
            "ChoiceCallback \"Pick\\u2028one\"", "1) \\u001b[5mblink (default)", "2) {{ 'x' }}", "4) - a: b",
        ] {
            #expect(session.screen.contains(shown), "\(shown) in \(session.screen)")
        }
        try await Self.check(session, wrote: "hostile", in: folder, secrets: [:])
    }

    /// The tree as JSON (which YAML reads), each character escaped: exactly what the server sends.
    static func hostileTree() throws -> Data {
        let page: [String: Any] = [
            "stage": "\u{FEFF}\u{1B}[31mStage {{ stage }}: #x\u{2028}- y",
            "header": "\u{1B}]0;pwned\u{7}Header",
            "callbacks": [
                ["type": "TextOutputCallback", "message": "\u{1B}[2J{{ message }}\u{2028}key: [value]\u{9B}"],
                [
                    "type": "NameCallback", "prompt": "\u{FEFF}Name {{ x }}\u{1B}[1m: &anchor *alias",
                    "store": "username",
                ],
                [
                    "type": "ChoiceCallback", "prompt": "Pick\u{2028}one", "defaultChoice": 0, "store": "pick",
                    "choices": ["\u{1B}[5mblink", "{{ 'x' }}", "yes", "- a: b"],
                ],
            ],
        ]
        let tree: [String: Any] = [
            "kind": "simulator", "version": 1,
            "journeys": [
                "Hostile": [
                    "start": "ask",
                    "nodes": [
                        "ask": ["page": page, "next": "named"],
                        "named": [
                            "decision": ["value": "username", "equals": "{{ me }}: #x"],
                            "outcomes": ["true": "picked", "false": "failure"],
                        ],
                        "picked": [
                            "decision": ["value": "pick", "oneOf": [1, "1"]],
                            "outcomes": ["true": "success", "false": "failure"],
                        ],
                    ],
                ]
            ],
        ]
        let json = try JSONSerialization.data(withJSONObject: tree, options: [.sortedKeys])
        // Every character past ASCII as a `\u` escape: a tree file may not hold them raw.
        var escaped = ""
        for scalar in String(decoding: json, as: UTF8.self).unicodeScalars {
            if scalar.value < 0x7F {
                escaped.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return Data(escaped.utf8)
    }
}
