import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyFormat
@testable import JourneyRecording
@testable import JourneyRun

/// `journey import` of a passkey run: the WebAuthn steps become WebAuthn handlers that the
/// software authenticator answers again; a recorded client error stays one.
@Suite struct PasskeyImportTests {
    @Test func aRecordedPasskeyRunImportsAsWebAuthnHandlers() async throws {
        let journey = try LoaderTestSupport.compile(
            """
            version: 1
            name: Passkey import
            server: { url: "https://am.example.com/am" }
            journey: Passkey
            handlers:
              WebAuthnRegistrationCallback: { deviceName: laptop }
              WebAuthnAuthenticationCallback: {}
            """, name: "passkey.yaml")
        let am = try PasskeyAM.transport(fixtures: [
            "registration-metadata-am71-platform", "authentication-script-am70",
        ])
        let result = await JourneyDriver.run(journey, configuration: RunConfiguration(transport: am, seed: 42))
        let path = try TemporaryFiles.file("passkey.har", "")
        try HARWriter.write([result], to: path)
        let imported = try ScriptImporter.script(from: try Recording.load(path: path))
        #expect(imported.contains("- match: WebAuthnRegistrationCallback\n- match:"), "\(imported)")
        #expect(
            imported.contains("- match: WebAuthnAuthenticationCallback\n  clientError: \"ERROR::NotAllowedError:"),
            "\(imported)")
        #expect(!imported.contains("webauthnOutcome"), "no secret variable for the outcome: \(imported)")
        let reloaded = ScriptLoader.lint(text: imported, file: "imported.yaml")
        #expect(!reloaded.diagnostics.contains { $0.severity == .error }, "\(reloaded.diagnostics)")
    }
}
