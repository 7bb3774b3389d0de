import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRun

/// `start:` forms (resume with query, resumeUrl, zeroPage) and the answer options that go with
/// them (`forceQuestion`, `profile: browser | ios | android`).
@Suite struct StartFormTests {
    @Test func zeroPageAloneNamesNoJourney() throws {
        let script = try #require(
            LoaderTestSupport.load(
                """
                version: 1
                name: Zero page
                vars:
                  user: demo
                start:
                  zeroPage: { username: "{{ user }}", password: { env: PW, secret: true }, passwordHeader: X-Secret }
                """))
        let start = try #require(script.pingAM?.start)
        #expect(start.authIndexType == nil && start.authIndexValue == nil)
        let zeroPage = try #require(start.zeroPage)
        #expect(LoaderTestSupport.describe(zeroPage.username) == "template {{ user }}")
        #expect(LoaderTestSupport.describe(zeroPage.password) == "env PW default - secret")
        #expect(zeroPage.usernameHeader == "X-OpenAM-Username")
        #expect(zeroPage.passwordHeader == "X-Secret")
    }

    @Test func zeroPageWithAService() throws {
        let script = try #require(
            LoaderTestSupport.load(
                "version: 1\nname: Z\nstart: { service: Example, zeroPage: { username: demo, password: pw } }\n"))
        let start = try #require(script.pingAM?.start)
        #expect(start.authIndexType == "service")
        #expect(start.zeroPage != nil)
    }

    @Test func zeroPageProblems() {
        #expect(
            LoaderTestSupport.problems(
                "version: 1\nname: Z\nstart:\n  zeroPage: { username: demo, pasword: pw }\n")
                == ["4:31 error: unknown key 'pasword' in start.zeroPage [did you mean 'password'?]"])
        #expect(
            LoaderTestSupport.problems(
                "version: 1\nname: Z\nstart:\n  zeroPage: { username: demo, password: pw, usernameHeader: \"X User\" }\n"
            )
                == [
                    "4:61 error: start.zeroPage.usernameHeader must be an HTTP header name (letters, digits, '-' and '_')"
                ])
    }

    @Test func resumeUrlAndItsConflicts() throws {
        let script = try #require(
            LoaderTestSupport.load(
                "version: 1\nname: R\nstart: { resumeUrl: \"{{ link }}\", query: { locale: fr } }\n",
                knownVariables: ["link"]))
        let start = try #require(script.pingAM?.start)
        #expect(LoaderTestSupport.describe(start.resumeURL) == "template {{ link }}")
        #expect(start.query.map(\.name) == ["locale"])
        #expect(
            LoaderTestSupport.problems(
                "version: 1\nname: R\nstart: { resumeUrl: https://x/?suspendedId=1, resume: abc, service: Login }\n")
                == [
                    "3:55 error: start has both 'resume' and 'resumeUrl'; the link holds the suspendedId",
                    "3:69 error: start has both 'resumeUrl' and 'service'; the link says which journey resumes",
                ])
    }

    @Test func answerOptionsForKBAAndDeviceProfiles() throws {
        let script = try #require(
            LoaderTestSupport.load(
                """
                version: 1
                name: Options
                journey: Registration
                handlers:
                  KbaCreateCallback: { question: Mine?, answer: x, forceQuestion: true }
                  DeviceProfileCallback: { profile: android }
                """))
        #expect(script.handlers[0].answer.forceQuestion?.value == true)
        #expect(script.handlers[1].answer.profile?.value == "android")
        #expect(
            LoaderTestSupport.problems(
                "version: 1\nname: P\njourney: L\nhandlers:\n  DeviceProfileCallback: { profile: andriod }\n")
                == [
                    "5:37 error: handlers.DeviceProfileCallback.profile must be one of browser, ios, android, found 'andriod' [did you mean 'android'?]"
                ])
    }
}
