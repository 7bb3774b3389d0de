import Foundation
import JourneyCore

/// Reads `oauth:` — signing keys, lifetimes, scopes and clients.
struct OAuthTreeParser {
    let reader: YAMLReader
    let values: TreeValues

    func parseOAuth(_ node: YNode) -> OAuthDefinition? {
        guard let map = node.mapping("oauth") else { return nil }
        map.allowOnly(TreeKeys.oauth)
        var definition = OAuthDefinition(location: node.location)
        if let keys = map.required("keys", in: "oauth")?.sequence("keys") {
            for item in keys {
                guard let key = parseSigningKey(item) else { continue }
                if definition.keys.contains(where: { $0.kid == key.kid }) {
                    reader.error("key '\(key.kid)' is declared twice", at: item)
                }
                definition.keys.append(key)
            }
        }
        if let lifetimes = map["lifetimes"] { definition.lifetimes = parseLifetimes(lifetimes) }
        if let scopes = map["scopes"]?.stringList("scopes") { definition.scopes = scopes }
        if let clients = map["clients"]?.sequence("clients") {
            for item in clients {
                guard let (client, idNode) = parseClient(item, definition) else { continue }
                if definition.client(client.clientId) != nil {
                    reader.error("client '\(client.clientId)' is declared twice", at: idNode)
                }
                definition.clients.append(client)
            }
        }
        return definition
    }

    private func parseSigningKey(_ node: YNode) -> OAuthSigningKey? {
        guard let map = node.mapping("an oauth key") else { return nil }
        map.allowOnly(TreeKeys.oauthKey)
        guard let kid = map.required("kid", in: "an oauth key")?.string("kid"),
            let alg = values.enumValue(map.required("alg", in: "an oauth key"), OAuthAlgorithm.self, "alg"),
            let fileNode = map.required("file", in: "an oauth key"), let file = fileNode.string("file"),
            let pem = readKeyFile(file, at: fileNode)
        else { return nil }
        do {
            return OAuthSigningKey(
                kid: kid, alg: alg, file: file, material: try SigningKeyMaterial.parse(pem: pem, alg: alg))
        } catch {
            reader.error("key file '\(file)' \(error.message)", at: fileNode)
            return nil
        }
    }

    /// The text of a PEM file named relative to the tree file, or nil after reporting why not.
    private func readKeyFile(_ file: String, at node: YNode) -> String? {
        let path =
            file.hasPrefix("/")
            ? file
            : URL(fileURLWithPath: reader.file).deletingLastPathComponent().appendingPathComponent(file).path
        do {
            let data = try SourceFile.bytes(path, limit: 64 << 10, what: "a key file")
            return String(decoding: data, as: UTF8.self)
        } catch {
            reader.error("key file '\(file)': \(error.message)", at: node)
            return nil
        }
    }

    private func parseLifetimes(_ node: YNode) -> OAuthLifetimes {
        var lifetimes = OAuthLifetimes()
        guard let map = node.mapping("lifetimes") else { return lifetimes }
        map.allowOnly(TreeKeys.oauthLifetimes)
        if let value = values.integer(map, TreeKeys.oauthCode) { lifetimes.code = value }
        if let value = values.integer(map, TreeKeys.oauthAccessToken) { lifetimes.accessToken = value }
        if let value = values.integer(map, TreeKeys.oauthRefreshToken) { lifetimes.refreshToken = value }
        if let value = values.integer(map, TreeKeys.oauthIDToken) { lifetimes.idToken = value }
        return lifetimes
    }

    private func parseClient(_ node: YNode, _ definition: OAuthDefinition) -> (OAuthClient, YNode)? {
        guard let map = node.mapping("an oauth client") else { return nil }
        map.allowOnly(TreeKeys.oauthClient)
        guard let idNode = map.required("clientId", in: "an oauth client"), let clientId = idNode.string("clientId")
        else { return nil }
        let what = "client '\(clientId)'"
        var client = OAuthClient(clientId: clientId)
        client.secret = map["secret"]?.string("secret")
        if let jwksNode = map["jwks"], let file = jwksNode.string("jwks") {
            if let secretNode = map["secret"] {
                reader.error(
                    "\(what) has both a secret and jwks; a confidential client authenticates with one", at: secretNode)
            }
            client.jwksFile = file
            if let pem = readKeyFile(file, at: jwksNode) {
                client.publicKey = ClientKeyMaterial.parse(pem: pem)
                if client.publicKey == nil {
                    reader.error("key file '\(file)' is not a PEM public key (RSA or P-256)", at: jwksNode)
                }
            }
        }
        client.redirectUris = map["redirectUris"]?.stringList("redirectUris") ?? []
        client.postLogoutRedirectUris = map["postLogoutRedirectUris"]?.stringList("postLogoutRedirectUris") ?? []
        client.scopes = scopes(map["scopes"], "scopes", known: definition.scopes) ?? definition.scopes
        client.defaultScopes = scopes(map["defaultScopes"], "defaultScopes", known: client.scopes) ?? []
        if let list = map["grants"]?.sequence("grants") {
            client.grants = list.compactMap { values.enumValue($0, OAuthGrant.self, "a grant") }
        }
        if let keyNode = map["idTokenKey"], let kid = keyNode.string("idTokenKey") {
            if !definition.keys.contains(where: { $0.kid == kid }) {
                reader.error(
                    "\(what): idTokenKey names no key '\(kid)'", at: keyNode,
                    hint: DidYouMean.hint(for: kid, among: definition.keys.map(\.kid)))
            }
            client.idTokenKey = kid
        }
        if let value = map["consent"]?.bool("consent") { client.consent = value }
        if let list = map["idTokenFaults"]?.sequence("idTokenFaults") {
            client.idTokenFaults = list.compactMap { values.enumValue($0, IDTokenFault.self, "an idTokenFault") }
        }
        if client.grants.contains(.authorizationCode), client.redirectUris.isEmpty {
            reader.error("\(what) uses authorizationCode and needs redirectUris", at: node)
        }
        if client.isPublic, client.grants.contains(.clientCredentials), let grants = map["grants"] {
            reader.error("\(what) is public (no secret, no jwks) and cannot use clientCredentials", at: grants)
        }
        return (client, idNode)
    }

    /// A scope list whose names are all in `known`.
    private func scopes(_ node: YNode?, _ what: String, known: [String]) -> [String]? {
        guard let node, let names = node.stringList(what) else { return nil }
        for name in names where !known.contains(name) {
            reader.error(
                "\(what) names unknown scope '\(name)'", at: node, hint: DidYouMean.hint(for: name, among: known))
        }
        return names
    }
}
