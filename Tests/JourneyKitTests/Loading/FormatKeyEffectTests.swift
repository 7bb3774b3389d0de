import Foundation
import JourneyCore
import Testing

@testable import JourneyKit

/// Every key the loader accepts has an effect: the loader reads its value. With
/// `SchemaTests.loaderKeysAndSchemaPropertiesAreTheSameSets` (the tables equal the schema's
/// properties) this closes the loop: a key the schema allows is never silently ignored.
///
/// Each key is written, in a script that reaches its mapping, with a value no key takes
/// (a list of a list holding a mapping with an undefined variable); the loader must report an
/// error inside that value. An unknown key is reported at the key and its value is never read,
/// which the control test checks, so a key accepted but ignored fails here.
@Suite struct FormatKeyEffectTests {
    /// A value that is wrong for every key: not a string, number, boolean or mapping, and
    /// holding a read of an undefined variable for keys that take any JSON.
    static let poison = #"[[{ a: "{{ undefinedVariable }}" }]]"#

    /// For each mapping of `ScriptLoader.acceptedKeys`, a script where `@` marks, at its
    /// indentation, the line where a key of that mapping goes.
    static let scripts: [String: String] = [
        "<root>": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        journey: Login
        handlers:
          NameCallback: demo
        expect:
          outcome: success
        @
        """,
        "server": """
        version: 1
        name: t
        journey: Login
        server:
          url: https://am.example.com/am
          @
        """,
        "start": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        start:
          service: Login
          @
        """,
        "zeroPage": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        start:
          zeroPage:
            username: demo
            password: pw
            @
        """,
        "value": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        journey: Login
        vars:
          v:
            env: X
            @
        """,
        "outbox": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        journey: Login
        vars:
          v:
            outbox:
              to: someone@example.com
              field: code
              @
        """,
        "solve": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        journey: Login
        handlers:
          ProofOfWorkCallback:
            solve:
              scheme: pow
              @
        """,
        "answer": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        journey: Login
        handlers:
          NameCallback:
            @
        """,
        "handler": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        journey: Login
        handlers:
          - match: NameCallback
            @
        """,
        "match": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        journey: Login
        handlers:
          - match:
              type: NameCallback
              @
            value: demo
        """,
        "capture": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        journey: Login
        capture:
          c:
            from: stage
            @
        """,
        "expect": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        journey: Login
        expect:
          outcome: success
          @
        """,
        "step": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        journey: Login
        expect:
          steps:
            - callbacks: [NameCallback]
              @
          outcome: success
        """,
        "outcome": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        journey: Login
        expect:
          outcome:
            @
        """,
        "mobilefirst": """
        version: 1
        name: t
        protocol: mobilefirst
        server:
          url: https://mfp.example.com/mfp
        mobilefirst:
          scope: s
          @
        """,
        "mobilefirst.application": """
        version: 1
        name: t
        protocol: mobilefirst
        server:
          url: https://mfp.example.com/mfp
        mobilefirst:
          scope: s
          application:
            id: com.example.app
            @
        """,
        "request": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        journey: Login
        request:
          url: https://am.example.com/resource
          @
        """,
        "retry": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        journey: Login
        request:
          url: https://am.example.com/resource
          retry:
            @
        """,
        "uses": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        journey: Login
        uses:
          script: other.yaml
          @
        """,
        "cleanup": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        journey: Login
        cleanup:
          @
        """,
        "limits": """
        version: 1
        name: t
        server:
          url: https://am.example.com/am
        journey: Login
        limits:
          @
        """,
    ]

    /// The script for a key of `mapping`: `outcome.success` and the like nest under `outcome`.
    static func script(for mapping: String) -> String? {
        if let script = scripts[mapping] { return script }
        guard mapping.hasPrefix("outcome."), let outcome = scripts["outcome"] else { return nil }
        let name = mapping.dropFirst("outcome.".count)
        return outcome.replacingOccurrences(of: "    @", with: "    \(name):\n      @")
    }

    /// The script with `key: poison` at the marker (replacing a line of the same key there),
    /// and the 1-based line and column where the value starts.
    static func poisoned(_ template: String, key: String) -> (text: String, line: Int, valueColumn: Int)? {
        var lines = template.components(separatedBy: "\n")
        guard let marker = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "@" }) else {
            return nil
        }
        let indent = String(lines[marker].prefix { $0 == " " })
        lines[marker] = "\(indent)\(key): \(poison)"
        if let same = lines.indices.first(where: { $0 != marker && lines[$0].hasPrefix("\(indent)\(key):") }) {
            lines.remove(at: same)
        }
        guard let line = lines.firstIndex(where: { $0.hasPrefix("\(indent)\(key): \(poison)") }) else { return nil }
        return (lines.joined(separator: "\n") + "\n", line + 1, indent.count + key.count + 3)
    }

    /// The errors inside the value written at `line` from `valueColumn` on.
    static func errorsInValue(of text: String, line: Int, valueColumn: Int) -> [Diagnostic] {
        ScriptLoader.lint(text: text, file: "effect.yaml").diagnostics.filter {
            $0.severity == .error && $0.location?.line == line && ($0.location?.column ?? 0) >= valueColumn
        }
    }

    @Test(arguments: ScriptLoader.acceptedKeys.keys.sorted())
    func everyAcceptedKeyIsRead(mapping: String) throws {
        let template = try #require(
            Self.script(for: mapping), "add a script reaching '\(mapping)' to FormatKeyEffectTests.scripts")
        for key in ScriptLoader.acceptedKeys[mapping] ?? [] {
            let written = try #require(Self.poisoned(template, key: key))
            let errors = Self.errorsInValue(of: written.text, line: written.line, valueColumn: written.valueColumn)
            #expect(
                !errors.isEmpty,
                "\(mapping).\(key) is accepted but its value is never read:\n\(written.text)\(ScriptLoader.lint(text: written.text, file: "effect.yaml").diagnostics.map(LoaderTestSupport.summary))"
            )
        }
    }

    /// The control: a key the loader does not know is reported at the key, never inside its value,
    /// so the test above tells a read value from a rejected key.
    @Test(arguments: ScriptLoader.acceptedKeys.keys.sorted())
    func anUnknownKeyIsRejectedWithoutReadingItsValue(mapping: String) throws {
        let template = try #require(Self.script(for: mapping))
        let written = try #require(Self.poisoned(template, key: "notAKey"))
        let errors = ScriptLoader.lint(text: written.text, file: "effect.yaml").diagnostics.filter {
            $0.severity == .error && $0.location?.line == written.line
        }
        #expect(errors.contains { $0.message.contains("unknown key 'notAKey'") }, "\(mapping): \(errors)")
        #expect(
            Self.errorsInValue(of: written.text, line: written.line, valueColumn: written.valueColumn).isEmpty,
            "\(mapping): \(errors)")
    }
}
