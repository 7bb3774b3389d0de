import Foundation
import Testing

@testable import JourneySuite

/// The names and lines `journey new` writes beside a walk's script.
@Suite struct WalkFilesTests {
    @Test(arguments: [
        ("Login", "login"), ("SecondFactor", "second-factor"), ("My Journey 2", "my-journey-2"),
        ("OTPLogin", "otplogin"), ("../../etc/passwd", "etc-passwd"), ("日本", "journey"),
    ])
    func theDefaultScriptIsTheJourneyInKebabCase(_ name: String, _ expected: String) {
        #expect(JourneyWalk.kebabCase(name) == expected)
    }

    @Test func envExampleGainsOnlyTheMissingNames() {
        #expect(EnvExample.adding(["JOURNEY_PASSWORD"], to: nil) == "JOURNEY_PASSWORD=\n")
        let existing = "# mine\nAM_URL=https://x\nexport JOURNEY_PASSWORD=secret"
        #expect(
            EnvExample.adding(["JOURNEY_PASSWORD", "JOURNEY_OTP"], to: existing)
                == existing + "\nJOURNEY_OTP=\n")
        #expect(EnvExample.adding(["AM_URL"], to: existing) == existing)
    }

    @Test func aRelativeTreeIsNamedFromTheScriptsFolder() {
        #expect(JourneyWalk.relativePath(of: "journeys/trees/am.yaml", from: "") == "journeys/trees/am.yaml")
        #expect(JourneyWalk.relativePath(of: "journeys/trees/am.yaml", from: "journeys") == "trees/am.yaml")
        #expect(JourneyWalk.relativePath(of: "trees/am.yaml", from: "out") == "../trees/am.yaml")
        #expect(JourneyWalk.relativePath(of: "/srv/am.yaml", from: "out") == "/srv/am.yaml")
    }

    @Test func theWalksOwnScriptKeepsWhatWasGivenAsData() {
        var options = WalkOptions(journey: "Log{{ in }}")
        options.server = "https://am.example.com/am"
        options.realm = "alpha"
        let text = JourneyWalk.walkScript(options)
        #expect(text.contains(#""journey":"Log{{ '{{' }} in }}""#), "\(text)")
    }
}
