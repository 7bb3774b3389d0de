import Foundation
import JourneyCore
import JourneyRun
import JourneySuite
import JourneyTestSupport
import Testing

/// The one step from a script file to a runnable journey that `run`, `diff`, `bench` and `lint` share.
@Suite struct ScriptPreparationTests {
    static let valid = """
        version: 1
        name: valid
        tags: [smoke]
        server: { url: "http://127.0.0.1:1/am" }
        journey: Login
        handlers:
          NameCallback: demo

        """

    @Test func aValidScriptIsRunnable() throws {
        let file = try TemporaryFiles.file("valid.yaml", Self.valid)
        let prepared = try #require(ScriptPreparation.prepare(file: file))
        #expect(prepared.journey?.name == "valid")
        #expect(!prepared.diagnostics.contains { $0.severity == .error })
        #expect(prepared.text == Self.valid)
    }

    @Test func anUnreadableFileIsOneDiagnosticNamingIt() throws {
        let file = try TemporaryFiles.directory().appendingPathComponent("missing.yaml").path
        let prepared = try #require(ScriptPreparation.prepare(file: file))
        #expect(prepared.journey == nil)
        #expect(prepared.diagnostics.count == 1)
        #expect(prepared.invalidResult.status == .invalid)
        #expect(prepared.invalidResult.name == "missing.yaml")
    }

    @Test func tagsLeaveOtherScriptsOutButNeverHideAnInvalidOne() throws {
        let file = try TemporaryFiles.file("valid.yaml", Self.valid)
        #expect(ScriptPreparation.prepare(file: file, options: PreparationOptions(tags: ["nightly"])) == nil)
        #expect(ScriptPreparation.prepare(file: file, options: PreparationOptions(tags: ["smoke"]))?.journey != nil)
        let broken = try TemporaryFiles.file("broken.yaml", "version: 1\nname: x\njourny: Login\n")
        let prepared = ScriptPreparation.prepare(file: broken, options: PreparationOptions(tags: ["nightly"]))
        #expect(prepared?.journey == nil)
        #expect(prepared?.diagnostics.contains { $0.location?.line == 3 } == true)
    }

    /// A missing `uses:` script and a handler option that does not fit its type are both
    /// reported, each at its line, in one pass.
    @Test func everyStageReportsItsProblemsAtOnce() throws {
        let text = """
            version: 1
            name: two problems
            server: { url: "http://127.0.0.1:1/am" }
            uses: { script: nowhere.yaml }
            journey: Login
            handlers:
              NameCallback: { choose: 1 }

            """
        let file = try TemporaryFiles.file("two.yaml", text)
        let prepared = try #require(ScriptPreparation.prepare(file: file))
        #expect(prepared.journey == nil)
        let lines = Set(prepared.diagnostics.filter { $0.severity == .error }.compactMap { $0.location?.line })
        #expect(lines == [4, 7], "\(prepared.diagnostics)")
        #expect(prepared.rendered.contains("nowhere.yaml"))
    }

    @Test func commandsNeedTheConfigurationsPermission() throws {
        let text = """
            version: 1
            name: runs a program
            server: { url: "http://127.0.0.1:1/am" }
            journey: Login
            handlers:
              NameCallback: { command: [echo, demo] }

            """
        let file = try TemporaryFiles.file("command.yaml", text)
        #expect(ScriptPreparation.prepare(file: file)?.journey != nil)
        let refused = ScriptPreparation.prepare(
            file: file, options: PreparationOptions(permissions: RunConfiguration()))
        #expect(refused?.journey == nil)
        let errors = refused?.diagnostics.filter { $0.severity == .error } ?? []
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("--allow-commands") == true, "\(errors)")
        #expect(errors.first?.location?.line == 6)
        var allowed = RunConfiguration()
        allowed.allowCommands = true
        #expect(
            ScriptPreparation.prepare(file: file, options: PreparationOptions(permissions: allowed))?.journey != nil)
        var replay = RunConfiguration()
        replay.offline = true
        #expect(ScriptPreparation.prepare(file: file, options: PreparationOptions(permissions: replay))?.journey != nil)
    }
}
