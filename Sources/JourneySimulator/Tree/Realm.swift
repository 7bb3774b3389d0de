/// Realm names in their canonical form: `/` for the root realm, `/alpha`, `/a/b`.
enum Realm {
    static func normalize(_ name: String) -> String {
        let parts = name.split(separator: "/").filter { !$0.isEmpty && $0 != "root" }
        return "/" + parts.joined(separator: "/")
    }
}
