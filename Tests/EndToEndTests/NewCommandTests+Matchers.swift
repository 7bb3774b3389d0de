import Foundation
import JourneyTestSupport
import Testing

/// The list form a walk writes when a callback type is answered more than once: each handler is
/// told apart by its prompt, or by its step's stage, as a person writes it; lint, the live run
/// and the replay all take it.
extension NewCommandTests {
    @Test func aTypeAskedTwiceWithTheSamePromptIsMatchedByStage() async throws {
        let folder = try TemporaryFiles.directory("journey-new-stages")
        try Self.nicknamesTree.write(
            to: folder.appendingPathComponent("nicknames-tree.yaml"), atomically: true, encoding: .utf8)
        let session = try await PseudoTerminal.run(
            Self.walk("--simulate nicknames-tree.yaml --journey Nicknames"),
            turns: [
                Turn(wait: "\"Nickname\": ", type: "ann"), Turn(wait: "\"Nickname\": ", type: "bob"),
                Turn(wait: "\"Nickname\": ", type: "cy"), Turn(wait: "\"Nickname\": ", type: "di"),
            ], in: folder)
        try await Self.check(session, wrote: "nicknames", in: folder, secrets: [:])
        let script = try String(contentsOf: folder.appendingPathComponent("nicknames.yaml"), encoding: .utf8)
        for expected in [
            "- match: {type: TextInputCallback, stage: \"First\"}\n  value: \"ann\"",
            "- match: {type: TextInputCallback, stage: \"Second\"}\n  value: \"bob\"",
            // The same prompt, no stage: the step and the occurrence tell them apart.
            "- match: {type: TextInputCallback, step: 3, occurrence: 1}\n  value: \"cy\"",
            "- match: {type: TextInputCallback, step: 3, occurrence: 2}\n  value: \"di\"",
        ] {
            #expect(script.contains(expected), "\(script)")
        }
    }

    static let nicknamesTree = """
        kind: simulator
        version: 1
        journeys:
          Nicknames:
            start: first
            nodes:
              first:
                page:
                  stage: First
                  callbacks: [{ type: TextInputCallback, prompt: Nickname, store: first }]
                next: second
              second:
                page:
                  stage: Second
                  callbacks: [{ type: TextInputCallback, prompt: Nickname, store: second }]
                next: third
              third:
                page:
                  callbacks:
                    - { type: TextInputCallback, prompt: Nickname, store: third }
                    - { type: TextInputCallback, prompt: Nickname, store: fourth }
                next: isAnn
              isAnn:
                decision: { value: first, equals: ann }
                outcomes: { "true": isBob, "false": failure }
              isBob:
                decision: { value: second, equals: bob }
                outcomes: { "true": isDi, "false": failure }
              isDi:
                decision: { value: fourth, equals: di }
                outcomes: { "true": success, "false": failure }

        """
}
