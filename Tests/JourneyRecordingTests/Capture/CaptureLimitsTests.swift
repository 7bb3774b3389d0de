import Foundation
import JourneyCore
import JourneyRecording
import JourneyRun
import JourneyTestSupport
import Synchronization
import Testing

/// `journey capture` within its limits: it stops when asked whatever is in flight, it writes
/// only what its own readers read, and its redaction stays linear in the secrets it finds.
@Suite struct CaptureLimitsTests {
    static let routes = [CaptureRoute(name: "", origin: "https://am.example.com", path: "/am")]

    /// A transport whose requests are never answered; `arrivals` yields each one's URL.
    static func silent(_ arrivals: AsyncStream<String>.Continuation) -> ScriptedTransport {
        ScriptedTransport { request, _ in
            arrivals.yield(request.url)
            let (never, keep) = AsyncStream<Void>.makeStream()
            // Ignores cancellation on purpose: the stop must not wait for the transport.
            await withTaskCancellationHandler {
                for await _ in never {}
            } onCancel: {
            }
            keep.finish()
            return TransportResponse(status: 200, headers: [], body: Data())
        }
    }

    @Test func theStopAnswersTheExchangesInFlightAndKeepsThem() async throws {
        let (received, arrivals) = AsyncStream<String>.makeStream()
        let log = CaptureLog()
        let proxy = CaptureProxy(routes: Self.routes, log: log, transport: Self.silent(arrivals))
        let request = CaptureProxy.Request(
            method: "POST", target: "/am/json/realms/root/authenticate", headers: [], body: Data("{}".utf8))
        let inFlight = Task { await proxy.handle(request) }
        for await url in received {
            #expect(url == "https://am.example.com/am/json/realms/root/authenticate")
            break
        }
        proxy.stop()
        let reply = await inFlight.value
        #expect(reply.status == 502)
        #expect(String(decoding: reply.body, as: UTF8.self).contains("stopped before the upstream answered"))
        let late = await proxy.handle(request)
        #expect(late.status == 502, "a request after the stop is not forwarded")
        #expect(log.exchanges.count == 2)
        #expect(log.exchanges.allSatisfy { $0.proxyError })
    }

    static func exchange(_ url: String, request: String, response: Data, headers: [HeaderField] = [])
        -> CapturedExchange
    {
        CapturedExchange(
            startedAt: Date(timeIntervalSince1970: 1_800_000_000), duration: 0.01, method: "POST", url: url,
            requestHeaders: [HeaderField("Content-Type", "application/json")], requestBody: Data(request.utf8),
            status: 200, responseHeaders: [HeaderField("Content-Type", "application/json")] + headers,
            responseBody: response, proxyError: false)
    }

    static let start =
        "https://am.example.com/am/json/realms/root/authenticate?authIndexType=service&authIndexValue=Login"

    /// Past the bodies' budget an exchange is kept with the runner's line for a body not kept;
    /// the secrets its bodies held are still hidden where they stand elsewhere; the replay of
    /// that journey says the recording does not hold the answer.
    @Test func bodiesPastTheBudgetAreKeptAsALineAndTheReplaySaysSo() async throws {
        let log = CaptureLog()
        let big = Data(repeating: UInt8(ascii: "x"), count: CaptureLog.maxKeptBytes - 2)
        _ = log.add(Self.exchange("https://am.example.com/am/big", request: "{}", response: big))
        let step =
            #"{"authId":"a1","callbacks":[{"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken1","value":""}]}]}"#
        _ = log.add(Self.exchange(Self.start, request: "{}", response: Data(step.utf8)))
        let answered = step.replacingOccurrences(of: #""value":""}"#, with: #""value":"Cut-Secret-1"}"#)
        _ = log.add(
            Self.exchange(
                Self.start, request: answered,
                response: Data(#"{"code":401,"reason":"Unauthorized","message":"Cut-Secret-1 is wrong"}"#.utf8)))
        // The password, echoed in a header the budget does not cut.
        _ = log.add(
            Self.exchange(
                "https://am.example.com/am/echo", request: "", response: Data(),
                headers: [HeaderField("X-Echo", "Cut-Secret-1")]))
        #expect(log.bodiesNotKept >= 3)
        #expect(log.journeys.count == 1 && log.journeys[0].ended, "the journey is threaded from the bodies as sent")
        let (document, _) = CaptureDocument.make(log, upstream: Self.routes[0])
        let text = HARWriter.text(document)
        #expect(text.contains("[body not kept: "))
        #expect(!text.contains("Cut-Secret-1"), "a cut body's secret is in the HAR")
        let recording = try Recording(document: document, source: "capture.har")
        let recorded = try #require(recording.journeys.first?.exchanges.first)
        let run = ReplayTransport(recording: recording).begin(
            TransportRunInfo(scriptFile: "", scriptName: "", redactor: Redactor()))
        do {
            _ = try await run.transport.send(
                TransportRequest(
                    method: recorded.method, url: recorded.url, headers: recorded.requestHeaders,
                    body: recorded.requestBody))
            Issue.record("the replay answered a body the recording does not hold")
        } catch {
            #expect(error.description.contains("its body was not kept"), "\(error)")
        }
    }

    /// However big the capture, the HAR fits what `HARReader` reads: here held to 64 KiB, with
    /// bodies full of what JSON escapes most (control characters, quotes).
    @Test func theHARIsCutToFitTheReadersLimit() throws {
        let log = CaptureLog()
        let hostile = String(repeating: "\u{01}\"\\", count: 3000)
        for index in 0..<12 {
            let body = Data(#"{"n":\#(index),"text":"\#(hostile)"}"#.utf8)
            _ = log.add(Self.exchange("https://am.example.com/am/json/x\(index)", request: hostile, response: body))
        }
        var (document, _) = CaptureDocument.make(log, upstream: Self.routes[0])
        let limit = 64 << 10
        let fitting = CaptureFileSize.fit(&document, within: limit)
        #expect(fitting.bodiesCut > 0)
        let data = HARWriter.text(document).utf8.count
        #expect(data <= limit, "\(data) bytes, over \(limit)")
        #expect(HARWriter.text(document).contains("[body not kept: "))
        // Nothing to cut when it fits already.
        var whole = CaptureDocument.make(log, upstream: Self.routes[0]).0
        #expect(CaptureFileSize.fit(&whole) == CaptureFileSize.Fitting())
    }

    /// Thousands of secrets (a server that sets a new cookie on every answer): each is still
    /// found in every encoding, and a text is searched for the few that can stand at each place.
    @Test func aRedactorWithThousandsOfSecretsFindsEachInEveryEncoding() {
        let redactor = Redactor()
        var cookies: [String] = []
        for index in 0..<5000 {
            let value = String(format: "%08dA1b2C3d4", index)
            cookies.append(value)
            redactor.register(value, name: "lb")
        }
        redactor.register("p@ss word!", name: "password")
        redactor.register("7", name: "pin")
        let picked = cookies[4321]
        let base64 = Data(picked.utf8).base64EncodedString()
        let text =
            "a=\(picked); b=\(base64) c=%70%40ss+word%21 d=p\\u0040ss word\\u0021 e=p&#64;ss%20word! pin 7, not 17 or 7a"
        let redacted = redactor.redact(text)
        #expect(
            redacted
                == "a=«lb»; b=«lb» c=«password» d=«password» e=«password» pin «pin», not 17 or 7a",
            "\(redacted)")
    }
}
