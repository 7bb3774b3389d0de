import JourneyCore
import Testing

@Suite struct DiagnosticsTests {
    @Test func renderingShowsTheLineAndACaret() {
        let source = "version: 1\nname: x\nhandelrs: {}\n"
        let diagnostic = Diagnostic.error(
            "unknown key 'handelrs'", at: SourceLocation(file: "a.yaml", line: 3, column: 1), length: 8,
            hint: "did you mean 'handlers'?")
        #expect(
            diagnostic.rendered(source: source) == """
                a.yaml:3:1: error: unknown key 'handelrs'
                 3 | handelrs: {}
                   | ^^^^^^^^
                   = did you mean 'handlers'?
                """)
        #expect(diagnostic.description == "a.yaml:3:1: error: unknown key 'handelrs' (did you mean 'handlers'?)")
    }

    @Test func didYouMean() {
        let keys = ["version", "name", "handlers", "expect", "journey"]
        #expect(DidYouMean.suggestion(for: "handelrs", among: keys) == "handlers")
        #expect(DidYouMean.suggestion(for: "jorney", among: keys) == "journey")
        #expect(DidYouMean.suggestion(for: "colour", among: keys) == nil)
        #expect(DidYouMean.editDistance("ab", "ba") == 1)
    }

    @Test func yamlReaderReportsSyntaxErrorsWithTheirPlace() {
        let reader = YAMLReader(file: "bad.yaml", text: "a: [1, 2\nb: 3\n")
        #expect(reader.root() == nil)
        #expect(reader.diagnostics.count == 1)
        #expect(reader.diagnostics.first?.location?.file == "bad.yaml")
        #expect(reader.diagnostics.first?.message.hasPrefix("invalid YAML") == true)
    }

    @Test func yamlNodesKnowTheirTypesAndPlaces() throws {
        let reader = YAMLReader(file: "t.yaml", text: "count: many\nflag: yes-please\nlist: [a, b]\nnum: 3\n")
        let mapping = try #require(reader.root()?.mapping())
        #expect(mapping["count"]?.int("count") == nil)
        #expect(mapping["flag"]?.bool("flag") == nil)
        #expect(mapping["list"]?.stringList("list") == ["a", "b"])
        #expect(mapping["num"]?.int("num") == 3)
        #expect(reader.diagnostics.map(\.location?.line) == [1, 2])
        #expect(reader.diagnostics[0].message == "count must be a whole number, found a string")
        mapping.allowOnly(["count", "flag", "list"], in: "the test")
        #expect(reader.diagnostics.last?.message == "unknown key 'num' in the test")
    }

    @Test func seededGeneratorIsReproducible() {
        var a = SeededGenerator(seed: 42)
        var b = SeededGenerator(seed: 42)
        #expect(a.uuid() == b.uuid())
        #expect(a.string(count: 8) == b.string(count: 8))
    }

    @Test func manualClockAdvancesInsteadOfSleeping() async throws {
        let clock = ManualClock()
        let start = clock.now()
        try await clock.sleep(seconds: 5)
        #expect(clock.now().timeIntervalSince(start) == 5)
    }
}
