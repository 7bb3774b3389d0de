import Foundation
import JourneyCore

extension TestControlController {
    /// `/__simulator/mobilefirst/…`, for tests: `POST conflicts {"count": n}` answers the next n
    /// preauthorize requests 409 `MFP-Conflict`; `DELETE clients/<id>` forgets a client, so its
    /// next request gets 400 `INVALID_CLIENT_ID`.
    func mobileFirstControl(_ request: IncomingRequest, rest: Substring) -> HTTPReply {
        if rest == "conflicts", request.method == .post {
            let body: JSONValue
            switch JSONValue.body(request) {
            case .success(let value): body = value
            case .failure(let reply): return reply
            }
            let count = body["count"]?.intValue ?? 1
            guard count > 0 else { return .error(400, "Send {\"count\": n} with n > 0") }
            mobileFirstStore.addConflicts(count)
            return .json(.ok, ["conflicts": .int(count)], outcome: "200 conflicts added")
        }
        if rest.hasPrefix("clients/"), request.method == .delete {
            let id = String(rest.dropFirst("clients/".count))
            guard mobileFirstStore.forget(id) else { return .notFound(request.path) }
            return .json(.ok, ["forgotten": .string(id)], outcome: "200 client forgotten")
        }
        return .notFound(request.path)
    }
}
