import JourneyCore
import Testing

@Suite("Server-Timing: the server's own time for a response")
struct ServerTimingTests {
    @Test func theLargestDurationOfTheMetricsInSeconds() {
        #expect(ServerTiming.seconds(in: "app;dur=0.250") == 0.000_25)
        #expect(ServerTiming.seconds(in: #"db;dur=53, app;dur=47.2;desc="render""#) == 0.053)
        let spaced = ServerTiming.seconds(in: "cache;desc=\"Cache Read\";DUR = 23.2")
        #expect(abs((spaced ?? 0) - 0.0232) < 1e-12)
        #expect(ServerTiming.seconds(in: "total;dur=\"12\"") == 0.012)
    }

    @Test func tabsAndTextBesideTheDurationReadAsBefore() {
        #expect(ServerTiming.seconds(in: "app;desc=\"café ☕\";\tdur=\t7\t") == 0.007)
        #expect(ServerTiming.seconds(in: ",,app;;dur=4;,") == 0.004)
        #expect(ServerTiming.seconds(in: "app;durée=9, b;dura=8, c;du=7") == nil)
    }

    @Test func metricsWithoutADurationSayNothing() {
        #expect(ServerTiming.seconds(in: "miss") == nil)
        #expect(ServerTiming.seconds(in: "cpu;desc=fast") == nil)
        #expect(ServerTiming.seconds(in: "") == nil)
    }

    @Test func durationsOutOfRangeOrNotNumbersAreIgnored() {
        #expect(ServerTiming.seconds(in: "a;dur=-1") == nil)
        #expect(ServerTiming.seconds(in: "a;dur=nan, b;dur=inf") == nil)
        #expect(ServerTiming.seconds(in: "a;dur=1e300") == nil)
        #expect(ServerTiming.seconds(in: "a;dur=fast, b;dur=2") == 0.002)
    }

    @Test func anOversizedHeaderIsNotRead() {
        let long = String(repeating: "m;dur=1, ", count: 2_000)
        #expect(ServerTiming.seconds(in: long) == nil)
    }

    @Test func theHeaderIsFoundWhateverItsCaseAndRepeatsCombine() {
        let headers = [
            ("Content-Type", "application/json"), ("server-timing", "a;dur=3"), ("Server-Timing", "b;dur=5"),
        ]
        #expect(ServerTiming.seconds(inHeaders: headers) == 0.005)
        #expect(ServerTiming.seconds(inHeaders: [("Content-Type", "text/plain")]) == nil)
    }
}
