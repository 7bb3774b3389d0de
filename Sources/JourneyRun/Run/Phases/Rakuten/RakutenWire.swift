import Foundation
import JourneyCore

/// What Rakuten's SDK puts on the wire and how it reads the answers (rauthentication.md §4):
/// RFC 3986 form bodies with sorted pairs, the RAE error rules, and the Challenger URL rule.
package enum RakutenWire {
    /// `key=value` pairs percent-encoded (all but `A–Z a–z 0–9 - . _ ~ / ?`), sorted by the encoded pair.
    static func form(_ fields: [(String, String)]) -> Data {
        let pairs = fields.map { encode($0.0) + "=" + encode($0.1) }.sorted()
        return Data(pairs.joined(separator: "&").utf8)
    }

    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "?"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// A compact JSON object with its members in the order given (a recording's bodies stay stable).
    static func orderedObject(_ members: [(String, JSONValue)]) -> String {
        "{" + members.map { JSONValue.string($0.0).compactJSON + ":" + $0.1.compactJSON }.joined(separator: ",") + "}"
    }

    /// An RAE error (§4.4): its type (`invalid_grant`) and description.
    struct Failure: Error, Sendable, Equatable {
        var error: String
        var description: String? = nil

        /// The SDK's error code for the type: 1 Unauthorized, 2 InvalidParameter, 3 ResourceNotFound,
        /// 4 ResourceConflict, 5 InvalidResponse.
        var code: Int {
            switch error {
            case "unauthorized_grant_type", "unauthorized_client", "invalid_token", "invalid_grant",
                "insufficient_scope", "access_denied", "system_error", "no_permission_for_MFW":
                return 1
            case "invalid_request", "invalid_client", "invalid_scope", "wrong_parameter": return 2
            case "not_found": return 3
            case "conflict": return 4
            default: return 5
            }
        }
    }

    /// Reads an RAE answer as the SDK's parser does: the body's `error` wins over the status;
    /// without one, `statusCode` (or the HTTP status) names the error; a body that is not JSON
    /// is `invalid_response`. Nil: a success, with the body's JSON.
    static func failure(status: Int, body: Data) -> (failure: Failure?, json: JSONValue?) {
        guard !body.isEmpty, let json = try? JSONValue.parse(body) else {
            return (Failure(error: "invalid_response", description: "the answer is not JSON"), nil)
        }
        if let error = json["error"]?.stringValue {
            let description = ["error_description", "errorMessage", "statusMessage", "Message"].lazy.compactMap {
                json[$0]?.stringValue
            }.first
            return (Failure(error: error, description: description), json)
        }
        var code = status
        if let statusCode = json["statusCode"] {
            if let number = statusCode.intValue {
                code = number
            } else if let text = statusCode.stringValue {
                return (text == "success" ? nil : Failure(error: text, description: nil), json)
            }
        }
        let type: String?
        switch code {
        case 400: type = "invalid_request"
        case 401, 403: type = "access_denied"
        case 404: type = "not_found"
        case 409: type = "conflict"
        case 401...: type = "invalid_response"
        default: type = nil
        }
        return (type.map { Failure(error: $0, description: nil) }, json)
    }

    /// The Challenger base URL for a token server base URL (§1.1): Rakuten's production service,
    /// its staging one for a host starting with `stg`, and the token server's own origin for any
    /// host outside `rakuten.co.jp` (a test server, the simulator).
    package static func challengerURL(forTokenServer base: String) -> String {
        let origin = AMEndpoints.origin(of: base)
        let host = origin.split(separator: "/").last.map { String($0.split(separator: ":").first ?? "") } ?? ""
        let lowered = host.lowercased()
        guard lowered == "rakuten.co.jp" || lowered.hasSuffix(".rakuten.co.jp") else { return origin }
        return lowered.hasPrefix("stg")
            ? "https://stg-challenger.api.rakuten.co.jp" : "https://challenger.api.rakuten.co.jp"
    }

    /// `/v1.0/m` is resolved as an absolute path against the Challenger base (its path dropped).
    static func parametersURL(challenger: String, cid: String) -> String {
        AMEndpoints.origin(of: challenger) + "/v1.0/m" + AMEndpoints.queryString([("cid", cid), ("mtype", "0")])
    }

    /// Reads what a Rakuten server sends, for the fuzz target: 0 a Challenger `/v1.0/c` answer,
    /// 1 a `/v1.0/m` answer, anything else an RAE answer. Returns whether it was accepted.
    @discardableResult
    package static func read(_ bytes: [UInt8], form: UInt8) -> Bool {
        let data = Data(bytes)
        switch form % 3 {
        case 0: return ChallengerAnswer.challenge(data) != nil
        case 1: return ChallengerAnswer.parameters(data) != nil
        default: return failure(status: 200, body: data).failure == nil
        }
    }
}

/// Challenger's answers, read as the SDK reads them (§2): `result.cid` a string and
/// `result.ctype` a number; `/v1.0/m` at the top level.
enum ChallengerAnswer {
    static func challenge(_ body: Data) -> (cid: String, ctype: Int)? {
        guard let json = try? JSONValue.parse(body), let result = json["result"],
            let cid = result["cid"]?.stringValue, let ctype = result["ctype"].flatMap(integer)
        else { return nil }
        return (cid, Int(truncatingIfNeeded: ctype))
    }

    static func parameters(_ body: Data) -> ChallengerProofOfWork? {
        guard let json = try? JSONValue.parse(body), let mask = json["mask"]?.stringValue,
            let key = json["key"]?.stringValue, let seed = json["seed"].flatMap(integer)
        else { return nil }
        // The SDK converts the number to an unsigned 32-bit integer.
        let wrapped = UInt32(truncatingIfNeeded: seed)
        return ChallengerProofOfWork(key: key, seed: wrapped, mask: ChallengerProofOfWork.parseMask(mask))
    }
}

extension ChallengerAnswer {
    /// A JSON number (not a string) as an integer, its fraction dropped; nil for anything else.
    fileprivate static func integer(_ value: JSONValue) -> Int64? {
        switch value {
        case .int(let number): return Int64(number)
        case .double(let number):
            guard number.isFinite, abs(number) < 9e18 else { return nil }
            return Int64(number.rounded(.towardZero))
        default: return nil
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
