import Foundation
import JourneyCore
import Testing

@testable import JourneySimulator

/// The simulator's page defaults are the registry's (`CallbackRegistry`), for exactly the types it simulates.
@Suite struct PageDefaultsTests {
    static let simulated = CallbackRegistry.definitions.filter(\.isSimulated)

    @Test func pageDefaultsCoverExactlyTheSimulatedTypes() {
        #expect(PageDefaults.typeNames == Self.simulated.map(\.type.wireName).sorted())
        for type in CallbackType.allCases where !type.definition.isSimulated {
            #expect(PageDefaults.of(type.wireName) == nil, "\(type)")
        }
    }

    @Test func renderedCallbacksCarryTheRegistryDefaults() {
        let renderer = PageRenderer(numbering: .inputs)
        for definition in Self.simulated {
            let spec = PageRenderer.spec(definition.type, [:])
            let page = renderer.render([spec], text: PageText(), emitIds: false)
            let callback = page.callbacks[0]
            #expect(callback.type == definition.type.wireName)
            #expect(callback.output.map(\.name) == definition.outputs.map(\.name), "\(definition.type)")
            #expect(callback.output.map(\.value) == definition.outputs.map(\.defaultValue), "\(definition.type)")
            let inputs = callback.input ?? []
            #expect(inputs.map(\.name) == definition.inputs.map { "IDToken1\($0.suffix)" }, "\(definition.type)")
            #expect(definition.isOutputOnly == inputs.isEmpty, "\(definition.type)")
        }
    }

    /// A page may name every simulated type with every output as a key; other types are custom.
    @Test func treesAcceptEverySimulatedTypeAndItsOutputs() {
        let callbacks = Self.simulated.map { definition in
            let keys = definition.outputs.filter { $0.name != "policies" }.map { output in
                var json = JSONWriter()
                json.value(output.defaultValue)
                return "\(output.name): \(json.string)"
            }
            return "        - { type: \(definition.type.wireName)\(keys.map { ", " + $0 }.joined()) }"
        }
        let yaml = """
            kind: simulator
            version: 1
            journeys:
              Login:
                start: ask
                nodes:
                  ask:
                    page:
                      callbacks:
            \(callbacks.map { "          " + $0 }.joined(separator: "\n"))
                    next: success
            """
        #expect(SimulatorLoader.lint(text: yaml, file: "all.yaml").map(\.description) == [])
        let custom = yaml.replacingOccurrences(
            of: "type: \(CallbackType.name.wireName), prompt: \"User Name\"",
            with: "type: \(CallbackType.appIntegrity.wireName)")
        let warnings = SimulatorLoader.lint(text: custom, file: "custom.yaml").map(\.description)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("unknown callback type 'AppIntegrityCallback'") == true)
    }
}
