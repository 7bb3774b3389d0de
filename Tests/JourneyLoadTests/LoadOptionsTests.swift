import JourneyLoad
import Testing

/// Parsing of `journey load`'s quantities, data and thresholds, and the arrival schedule.
@Suite struct LoadOptionsTests {
    @Test(arguments: [("500ms", 0.5), ("30s", 30), ("5m", 300), ("1h", 3600), ("2", 2), ("250us", 0.00025)])
    func durationsAreReadInTheirUnits(_ text: String, _ seconds: Double) throws {
        #expect(try LoadQuantity.seconds(text, option: "--duration") == seconds)
    }

    @Test(arguments: ["", "-1s", "25h", "abc", "1x", "nan"])
    func durationsOutOfRangeAreRefused(_ text: String) {
        #expect(throws: LoadOptionError.self) { try LoadQuantity.seconds(text, option: "--duration") }
    }

    @Test func ratesAreJourneysPerSecond() throws {
        #expect(try LoadQuantity.rate("200/s", option: "--rate") == 200)
        #expect(try LoadQuantity.rate("600/m", option: "--rate") == 10)
        #expect(try LoadQuantity.rate("50", option: "--rate") == 50)
        for bad in ["0/s", "-5/s", "200/d", "1000000/s", "x/s"] {
            #expect(throws: LoadOptionError.self, "\(bad)") { try LoadQuantity.rate(bad, option: "--rate") }
        }
    }

    @Test func theOpenModelRampsLinearlyThenKeepsTheRate() {
        let schedule = ArrivalSchedule(rate: 100, ramp: 10)
        // 500 arrivals during the ramp (100 × 10 / 2), the 500th at its end, then one per 10 ms.
        #expect(schedule.offset(of: 0) == 0)
        #expect(abs(schedule.offset(of: 500) - 10) < 1e-9)
        #expect(abs(schedule.offset(of: 600) - 11) < 1e-9)
        #expect(abs(schedule.offset(of: 125) - 5) < 1e-9)
        let flat = ArrivalSchedule(rate: 4, ramp: 0)
        #expect(flat.offset(of: 3) == 0.75)
    }

    @Test func dataRowsNameVariablesAndCycle() throws {
        let data = try LoadData.parse(
            "username,email\nalice,a@example.com\nbob,\"b,c@example.com\"\n", file: "users.csv")
        #expect(data.names == ["username", "email"])
        #expect(data.variables(for: 0) == ["username": "alice", "email": "a@example.com"])
        #expect(data.variables(for: 3)["email"] == "b,c@example.com")
    }

    @Test(arguments: [
        ("user name,x\na,b\n", "header row"), ("a,a\n1,2\n", "named twice"), ("a,b\n1\n", "row 2 has 1 value,"),
        ("a,b\n", "no rows"),
    ])
    func badDataIsRefusedWithTheReason(_ text: String, _ reason: String) {
        #expect {
            try LoadData.parse(text, file: "users.csv")
        } throws: { error in
            (error as? LoadOptionError)?.message.contains(reason) == true
        }
    }

    @Test func thresholdsParseTheirMetricComparisonAndLimit() throws {
        let p99 = try LoadThreshold.parse("journey.p99<300ms")
        #expect(p99.metric == .percentile(99) && p99.comparison == .less && p99.limit == 0.3)
        let errors = try LoadThreshold.parse("errors <= 0.1%")
        #expect(
            errors.metric == .errors && errors.comparison == .lessOrEqual && errors.limit == 0.1 && errors.isPercent)
        let rate = try LoadThreshold.parse("rate>=100/s")
        #expect(rate.metric == .rate && rate.comparison == .greaterOrEqual && rate.limit == 100)
        #expect(try LoadThreshold.parse("journey.p99.9<1s").metric == .percentile(99.9))
        let added = try LoadThreshold.parse("added.p99 < 1ms")
        #expect(added.latency == .added && added.metric == .percentile(99) && added.limit == 0.001)
        #expect(try LoadThreshold.parse("added.max<5ms").latency == .added)
        #expect(try LoadThreshold.parse("journey.mean<5ms").latency == .journey)
        for bad in [
            "added.errors<1", "server.p99<1s", "journey.p99", "latency<3ms", "journey.p101<1s", "errors<200%",
            "journey.p50<fast",
        ] {
            #expect(throws: LoadOptionError.self, "\(bad)") { try LoadThreshold.parse(bad) }
        }
    }
}
