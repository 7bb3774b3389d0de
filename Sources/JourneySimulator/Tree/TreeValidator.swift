import JourneyCore

/// Checks that need the whole file: resources name existing journeys, journeys sit in served realms.
struct TreeValidator {
    let reader: YAMLReader
    let definition: SimulatorTree

    func validate() {
        for resource in definition.resources where !resource.tree.isEmpty && definition.journeys[resource.tree] == nil {
            reader.error(
                "resource '\(resource.path)' names unknown journey '\(resource.tree)'", at: resource.location,
                hint: DidYouMean.hint(for: resource.tree, among: definition.journeyNames))
        }
        if let served = definition.settings.realms {
            for journey in definition.journeys.values.sorted(by: { $0.name < $1.name }) {
                for realm in journey.realms ?? [] where !served.contains(realm) {
                    reader.error(
                        "journey '\(journey.name)' is in realm '\(realm)', which settings.realms does not serve",
                        at: journey.location)
                }
            }
        }
    }
}
