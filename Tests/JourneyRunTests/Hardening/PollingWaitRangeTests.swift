import Foundation
import JourneyCore
import JourneyTestSupport
import Testing

@testable import JourneyRun

/// A PollingWaitCallback's `waitTime` comes from the server: it is range-checked where it is
/// read, and a wait longer than the run may wait ends the run (exit 3), never a crash or an
/// hour-long wait.
@Suite struct PollingWaitRangeTests {
    static func pollingStep(_ waitTime: JSONValue) -> JSONValue {
        [
            "authId": "a",
            "callbacks": [
                [
                    "type": "PollingWaitCallback",
                    "output": [["name": "waitTime", "value": waitTime], ["name": "message", "value": "Waiting"]],
                ]
            ],
        ]
    }

    static func run(_ waitTime: JSONValue, limits: String = "") async throws -> JourneyResult {
        let journey = try LoaderTestSupport.compile(
            """
            version: 1
            name: Polling
            journey: Push
            \(limits)
            expect: { outcome: success }
            """)
        let transport = ScriptedTransport(json: [
            pollingStep(waitTime), AMSuccess(tokenId: "token-1", successUrl: "/am", realm: "/").json,
        ])
        return await JourneyDriver.run(
            journey,
            configuration: RunConfiguration(serverURL: "http://am.test/am", transport: transport, clock: ManualClock()))
    }

    @Test(arguments: [
        JSONValue.double(1e308), .double(-1e308), .double(1e20), .int(Int.max), .string("99999999999999"),
        .int(-1), .string("soon"),
    ])
    func anOutOfRangeWaitTimeEndsTheRunWithAProtocolError(_ waitTime: JSONValue) async throws {
        for limits in ["", "limits: { fastPolling: true }", "limits: { deadline: 1m }"] {
            let result = try await Self.run(waitTime, limits: limits)
            #expect(result.status == .error, "\(waitTime.compactJSON) with '\(limits)': \(result.status)")
            #expect(result.error?.kind == .protocol)
            let message = result.error?.message ?? ""
            #expect(message.contains("waitTime"), "\(message)")
            #expect(message.contains("0 to 86400000 ms"), "\(message)")
        }
    }

    @Test func aWaitLongerThanTheDefaultCeilingEndsTheRun() async throws {
        let result = try await Self.run(.string("3600000"))
        #expect(result.status == .error)
        #expect(result.error?.kind == .protocol)
        #expect(
            result.error?.message.contains("longer than a run waits without limits.deadline (10 min)") == true,
            "\(String(describing: result.error))")
    }

    @Test func aWaitLongerThanTheDeadlineEndsTheRunAtOnce() async throws {
        let result = try await Self.run(.string("3600000"), limits: "limits: { deadline: 30m }")
        #expect(result.status == .error)
        #expect(
            result.error?.message.contains("longer than the run's deadline of 30 min (limits.deadline)") == true,
            "\(String(describing: result.error))")
    }

    @Test func aWaitWithinTheLimitsIsWaitedOnTheRunsClock() async throws {
        let result = try await Self.run(.string("8000"))
        #expect(result.status == .passed, "\(result.failures) \(String(describing: result.error))")
        let fast = try await Self.run(.double(1e3), limits: "limits: { fastPolling: true }")
        #expect(fast.status == .passed, "\(fast.failures) \(String(describing: fast.error))")
    }
}

/// Issue 27 item 1: MobileFirst's `serverTimeStamp` is range-checked where it is read: a number
/// out of range is a protocol error naming the range, never a trap.
@Suite struct ServerTimeStampRangeTests {
    @Test(arguments: ["1e308", "-1e308", "9223372036854775807", "1e20"])
    func anOutOfRangeServerTimeStampIsAProtocolError(_ stamp: String) async throws {
        let successes = FakeMobileFirst.json(
            #"{"successes":{"SimpleCaptcha":{},"clockSynchronization":{"serverTimeStamp":"# + stamp + "}}}")
        let server = FakeMobileFirst.transport { body, _ in
            body["challengeResponse"] == nil ? FakeMobileFirst.challenge : successes
        }
        let result = try await MobileFirstDriverTests.run(server)
        #expect(result.status == .error, "\(stamp): \(result.status)")
        #expect(result.error?.kind == .protocol)
        #expect(result.error?.message.contains("serverTimeStamp") == true, "\(String(describing: result.error))")
        #expect(result.error?.message.contains("0 to 100000000000000") == true, "\(String(describing: result.error))")
    }
}
