import JourneyCore
import Testing

/// Counts in summary lines read `1 file`, never `1 files`.
@Suite struct PluralTests {
    @Test func oneIsSingularEveryOtherCountPlural() {
        #expect(Plural.count(1, "file") == "1 file")
        #expect(Plural.count(0, "file") == "0 files")
        #expect(Plural.count(2, "error") == "2 errors")
        #expect(Plural.count(-1, "step") == "-1 steps")
    }

    @Test func anIrregularPluralIsGiven() {
        #expect(Plural.count(1, "entry", "entries") == "1 entry")
        #expect(Plural.count(5, "entry", "entries") == "5 entries")
        #expect(Plural.noun(1, "step") == "step")
        #expect(Plural.noun(3, "step") == "steps")
    }
}
