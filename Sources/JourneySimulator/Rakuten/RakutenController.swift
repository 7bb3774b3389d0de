import Foundation
import HTTPTypes
import JourneyCore

/// Rakuten's login services (rauthentication.md §8): Challenger at the origin (`/v1.0/c`,
/// `/v1.0/m`) and RAE under `/rae/engine` (token, token_cancel, token_validate, GetName,
/// GetEncryptedEasyId).
struct RakutenController: SimulatorController {
    static let prefix = "/rae/engine"
    static let challengerPrefix = "/v1.0"
    static let powCtype = 127

    let definition: RakutenDefinition
    let store: RakutenStore
    let env: EngineEnvironment
    /// A stream of its own, seeded from the simulator's seed: challenge ids and tokens never
    /// repeat the values another mode of the same seed draws (a session id, a code).
    let random: RandomSource

    var now: Date { env.clock.now() }

    func addRoutes(to router: inout SimulatorRouter) {
        router.add(prefix: Self.prefix) { request in rae(request) }
        router.add(path: Self.challengerPrefix + "/c") { request in
            request.method == .post ? challenge(request) : .methodNotAllowed(request.method)
        }
        router.add(path: Self.challengerPrefix + "/m") { request in
            request.method == .get ? parameters(request) : .methodNotAllowed(request.method)
        }
    }

    private func rae(_ request: IncomingRequest) -> HTTPReply {
        let path = String(request.path.dropFirst(Self.prefix.count))
        var reply: HTTPReply
        switch (path, request.method) {
        case ("/token", .post): reply = token(request)
        case ("/token_cancel", .post): reply = cancel(request)
        case ("/token_validate", .post): reply = validate(request)
        case ("/api/MemberInformation/GetName/20110901", .get): reply = getName(request)
        case ("/api/IdInformation/GetEncryptedEasyId/20140617", .get): reply = getEasyId(request)
        case ("/token", _), ("/token_cancel", _), ("/token_validate", _): reply = .methodNotAllowed(request.method)
        default: reply = .notFound(request.path)
        }
        reply.logContext = "rakuten" + (reply.logContext.isEmpty ? "" : " " + reply.logContext)
        return reply
    }

    /// An RAE error body: `{"error": …, "error_description": …}`.
    static func raeError(_ status: Int, _ error: String, _ description: String) -> HTTPReply {
        .json(
            HTTPResponse.Status(code: status), ["error": .string(error), "error_description": .string(description)],
            outcome: "\(status) \(error)")
    }

    // MARK: Challenger

    /// `POST /v1.0/c`: the body is JSON whatever its content type; `{"result":{"cid","ctype"}}`.
    private func challenge(_ request: IncomingRequest) -> HTTPReply {
        guard let json = try? JSONReader.parse(request.body), let pid = json["pid"]?.stringValue, !pid.isEmpty else {
            return .json(.badRequest, ["error": "invalid_request", "error_description": "pid is required"])
        }
        let kind = definition.pages[pid] ?? definition.defaultChallenge
        let ctype: Int
        switch kind {
        case .clearPass: ctype = 0
        case .pow: ctype = Self.powCtype
        case .unsupported: ctype = definition.unsupportedCtype
        }
        let cid = random.token(24)
        store.issue(
            cid,
            IssuedChallenge(
                pageId: pid, ctype: ctype, expires: now.addingTimeInterval(Double(definition.challengeLifetime))))
        var reply = HTTPReply.json(.ok, ["result": ["cid": .string(cid), "ctype": .int(ctype)]])
        reply.logContext = "challenger"
        reply.logOutcome = "ctype \(ctype)"
        return reply
    }

    /// `GET /v1.0/m?cid=…&mtype=0`: the proof-of-work parameters at the top level.
    private func parameters(_ request: IncomingRequest) -> HTTPReply {
        guard let cid = request.query["cid"], let issued = store.challenge(cid), issued.ctype == Self.powCtype else {
            return .json(.notFound, ["error": "not_found", "error_description": "unknown challenge id"])
        }
        let pow = definition.pow
        var reply = HTTPReply.json(
            .ok, ["mask": .string(pow.mask), "key": .string(pow.key), "seed": .int(Int(pow.seed))])
        reply.logContext = "challenger"
        return reply
    }

    /// Checks `challenger_parameters` (§3.3): known, unexpired, unused, for its page id, and solved.
    func verifyChallenge(_ text: String?) -> String? {
        guard let text, let json = try? JSONReader.parse(Array(text.utf8)),
            let cid = json["challengeId"]?.stringValue, let pid = json["pageIdentifier"]?.stringValue,
            let result = json["challengeResult"]?.stringValue
        else { return "challenge is missing" }
        guard let issued = store.challenge(cid), issued.pageId == pid, issued.expires > now else {
            return "challenge is unknown or expired"
        }
        guard store.use(cid) else { return "challenge was already used" }
        switch issued.ctype {
        case 0:
            return result.isEmpty ? nil : "challenge result is wrong"
        case Self.powCtype:
            let pow = ChallengerProofOfWork(
                key: definition.pow.key, seed: definition.pow.seed,
                mask: ChallengerProofOfWork.parseMask(definition.pow.mask))
            return pow.accepts(result) ? nil : "challenge result is wrong"
        default:
            return "challenge type \(issued.ctype) cannot be answered"
        }
    }
}
