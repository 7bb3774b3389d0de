import JourneyCore

/// Realm names in their canonical form: `/` for the root realm, `/alpha`, `/a/b`.
enum Realm {
    static func normalize(_ name: String) -> String { AMRequestRules.normalizeRealm(name) }
}
