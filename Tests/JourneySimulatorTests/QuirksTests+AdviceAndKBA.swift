import Foundation
import JourneyCore
import JourneySimulator
import Testing

/// The advice and KBA quirks, and the realm defaults, in the one suite of `settings.quirks:`.
extension QuirksTests {
    /// The example tree with `line` added under `settings:`.
    static func exampleTree(adding line: String) throws -> String {
        let text = try String(contentsOfFile: Paths.exampleTree, encoding: .utf8)
        return text.replacingOccurrences(of: "\nsettings:\n", with: "\nsettings:\n  \(line)\n")
    }

    @Test("igAdviceEncodedTwice: the redirect's advice and goto are percent-encoded twice")
    func igAdviceEncodedTwice() async throws {
        let tree = try Self.exampleTree(adding: "quirks: { igAdviceEncodedTwice: true }")
        try await Harness.run(tree, file: Paths.exampleTree) { h in
            let token = try await h.login()
            let redirect = try await h.get("/ig/withdraw", headers: [("Cookie", "iPlanetDirectoryPro=\(token)")])
            #expect(redirect.status == 307)
            let location = try #require(redirect.header("Location"))
            #expect(location.contains("authIndexValue=%253CAdvices%253E%253CAttributeValuePair%253E"))
            #expect(location.contains("/ig/withdraw?_txid%253D"))
        }
        try await Harness.run { h in
            let token = try await h.login()
            let redirect = try await h.get("/ig/withdraw", headers: [("Cookie", "iPlanetDirectoryPro=\(token)")])
            #expect(redirect.header("Location")?.contains("authIndexValue=%3CAdvices%3E") == true)
        }
    }

    static let kbaTree = """
        kind: simulator
        version: 1
        settings: { realms: [root] }
        journeys:
          Kba:
            start: p
            nodes:
              p:
                page:
                  callbacks:
                    - { type: NameCallback, prompt: User Name }
                    - { type: KbaCreateCallback, predefinedQuestions: ["What's your favorite color?"], allowUserDefinedQuestions: ALLOWED }
                next: success
        """

    func kba(_ h: Harness, question: String) async throws -> Reply {
        let page = try await h.start("Kba", realm: "/")
        var filled = Steps.fill(page.json, [0: "demo"])
        filled = Steps.set(filled, 1, suffix: "question", .string(question))
        filled = Steps.set(filled, 1, suffix: "answer", "Rex")
        return try await h.post(h.authenticatePath(realm: "/"), json: filled)
    }

    @Test("KbaCreateCallback says allowUserDefinedQuestions; when false, an own question brings the page back")
    func kbaAllowUserDefinedQuestions() async throws {
        try await Harness.run(Self.kbaTree.replacingOccurrences(of: "ALLOWED", with: "false")) { h in
            let page = try await h.start("Kba", realm: "/")
            #expect(Steps.output(Steps.callbacks(page.json)[1], "allowUserDefinedQuestions") == false)
            let refused = try await kba(h, question: "Name of my first pet?")
            #expect(Steps.types(refused.json) == ["NameCallback", "KbaCreateCallback"])
            let accepted = try await kba(h, question: "What's your favorite color?")
            #expect(accepted.json["tokenId"] != nil)
        }
        try await Harness.run(Self.kbaTree.replacingOccurrences(of: "ALLOWED", with: "true")) { h in
            let accepted = try await kba(h, question: "Name of my first pet?")
            #expect(accepted.json["tokenId"] != nil)
        }
    }

    @Test("kbaWithoutAllowUserDefinedQuestions: the output is left out and an own question is accepted")
    func kbaWithoutAllowUserDefinedQuestions() async throws {
        let tree = Self.kbaTree.replacingOccurrences(of: "ALLOWED", with: "false")
            .replacingOccurrences(
                of: "settings: { realms: [root] }",
                with: "settings: { realms: [root], quirks: { kbaWithoutAllowUserDefinedQuestions: true } }")
        try await Harness.run(tree) { h in
            let page = try await h.start("Kba", realm: "/")
            #expect(Steps.output(Steps.callbacks(page.json)[1], "allowUserDefinedQuestions") == nil)
            #expect(try await kba(h, question: "Name of my first pet?").json["tokenId"] != nil)
        }
    }

    @Test("an unknown quirk is an error with a did-you-mean")
    func unknownQuirk() throws {
        let diagnostics = SimulatorLoader.lint(
            text: try Self.exampleTree(adding: "quirks: { igAdviceEncodedTwise: true }"), file: Paths.exampleTree)
        #expect(diagnostics.contains { $0.message.contains("igAdviceEncodedTwise") && $0.severity == .error })
        #expect(diagnostics.contains { ($0.hint ?? "").contains("igAdviceEncodedTwice") })
    }
}
