import JourneyCore

/// Checks that need the whole file: resources name existing journeys, journeys sit in served realms.
struct TreeValidator {
    let reader: YAMLReader
    let tree: SimulatorTree

    func validate() {
        for resource in tree.resources where !resource.tree.isEmpty && tree.journeys[resource.tree] == nil {
            reader.error(
                "resource '\(resource.path)' names unknown journey '\(resource.tree)'", at: resource.location,
                hint: DidYouMean.hint(for: resource.tree, among: tree.journeyNames))
        }
        if let served = tree.settings.realms {
            for journey in tree.journeys.values.sorted(by: { $0.name < $1.name }) {
                for realm in journey.realms ?? [] where !served.contains(realm) {
                    reader.error(
                        "journey '\(journey.name)' is in realm '\(realm)', which settings.realms does not serve",
                        at: journey.location)
                }
            }
        }
    }
}
