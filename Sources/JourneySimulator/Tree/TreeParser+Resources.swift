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
            let advice = values.enumValue(map["advice"], ResourceDefinition.Advice.self, "advice") ?? .transaction
            let auth = values.enumValue(map["auth"], ResourceDefinition.Auth.self, "auth") ?? .session
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
            let delivery = values.enumValue(map["delivery"], ResourceDefinition.Delivery.self, "delivery") ?? .policy
            let encoding = values.enumValue(map["encoding"], ResourceDefinition.Encoding.self, "encoding") ?? .url
            resources.append(
                ResourceDefinition(
                    path: path, auth: auth, scope: scope, advice: advice, tree: tree,
                    realm: Realm.normalize(map["realm"]?.string("realm") ?? "/"),
                    delivery: delivery, encoding: encoding, body: map["body"]?.json ?? ["result": "ok"],
                    location: item.location))
        }
        return resources
    }
}
