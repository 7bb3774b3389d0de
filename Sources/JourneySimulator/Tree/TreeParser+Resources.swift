import JourneyCore

extension TreeParser {
    static var resourceKeys: [String] { TreeKeys.resource.names }

    func parseResources(_ node: YNode) -> [ResourceDefinition] {
        guard let items = node.sequence("resources") else { return [] }
        var resources: [ResourceDefinition] = []
        for item in items {
            guard let map = item.mapping("a resource") else { continue }
            map.allowOnly(TreeKeys.resource)
            guard let pathNode = map.required("path", in: "a resource"), let path = pathNode.string("path") else {
                continue
            }
            let advice = enumValue(map["advice"], ResourceDefinition.Advice.self, "advice") ?? .transaction
            let auth = enumValue(map["auth"], ResourceDefinition.Auth.self, "auth") ?? .session
            // Without advice there is no journey to run; a session resource always advises.
            var tree = ""
            if advice != .none || map["tree"] != nil {
                guard let name = map.required("tree", in: "a resource")?.string("tree") else { continue }
                tree = name
            }
            if advice == .none, auth == .session, let node = map["advice"] {
                reader.error("advice: none needs auth: bearer or idtoken (a session resource advises)", at: node)
            }
            let scope = map["scope"]?.string("scope")
            if let node = map["scope"], auth != .bearer {
                reader.error("scope is a setting of auth: bearer resources", at: node)
            }
            if !path.hasPrefix("/") || path.hasPrefix("/am/") || path.hasPrefix("/__simulator") {
                reader.error("a resource path starts with '/' and is outside /am and /__simulator", at: pathNode)
            }
            if resources.contains(where: { $0.path == path }) {
                reader.error("resource '\(path)' is declared twice", at: pathNode)
            }
            let delivery = enumValue(map["delivery"], ResourceDefinition.Delivery.self, "delivery") ?? .policy
            let encoding = enumValue(map["encoding"], ResourceDefinition.Encoding.self, "encoding") ?? .url
            resources.append(
                ResourceDefinition(
                    path: path, auth: auth, scope: scope, advice: advice, tree: tree,
                    realm: Realm.normalize(map["realm"]?.string("realm") ?? "/"),
                    delivery: delivery, encoding: encoding, body: map["body"]?.json ?? ["result": "ok"],
                    location: item.location))
        }
        return resources
    }

    func enumValue<E: RawRepresentable & CaseIterable>(_ node: YNode?, _ type: E.Type, _ what: String) -> E?
    where E.RawValue == String {
        guard let node, let text = node.string(what) else { return nil }
        if let value = E(rawValue: text) { return value }
        let names = E.allCases.map(\.rawValue)
        reader.error(
            "\(what) must be one of: \(names.joined(separator: ", "))", at: node,
            hint: DidYouMean.hint(for: text, among: names))
        return nil
    }
}
