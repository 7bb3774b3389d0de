import JourneyLoad
import Testing

/// The model's part of the load summary counts its users in the right number.
@Suite struct LoadModelSummaryTests {
    @Test func oneUserIsSingular() {
        #expect(LoadModel.closed(users: 1, think: 0).summary == "closed model, 1 user")
        #expect(LoadModel.closed(users: 4, think: 0).summary == "closed model, 4 users")
    }
}
