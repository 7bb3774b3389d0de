import Foundation
import JourneyCore
import JourneyFormat

/// A device file (`device: { file: ... }`): the passkeys of a simulated device as JSON, so a
/// later run signs in with a passkey an earlier one registered. Private keys are in it: a new
/// file is written with 0600 permissions, atomically (a new file renamed over the old one), and
/// every key read from it is registered as a secret.
///
/// ```json
/// {"format": "journey-device", "version": 1, "credentials": [{"id": "…", "name": "phone",
///   "rpId": "example.com", "userHandle": "…", "userName": "demo", "algorithm": "ES256",
///   "privateKey": "…", "signCount": 3, "counter": "increment", "resident": true,
///   "backupEligible": false, "backupState": false, "aaguid": "00000000-…"}]}
/// ```
enum PasskeyDeviceFile {
    static let format = "journey-device"
    /// Larger device files are not read.
    static let maxBytes = 1 << 20
    /// At most this many credentials are read.
    static let maxCredentials = 1000

    /// The credentials in the file at `path`; none when there is no file yet.
    static func read(_ path: String) throws(PasskeyError) -> [PasskeyCredential] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let data: Data
        do {
            data = try SourceFile.bytes(path, limit: maxBytes, what: "a device file")
        } catch {
            throw PasskeyError("cannot read the device file \(path): \(error.message)")
        }
        do {
            return try decode([UInt8](data))
        } catch {
            throw PasskeyError("the device file \(path) is not valid: \(error.message)")
        }
    }

    /// Writes `credentials` to `path`, replacing the file whole (``AtomicFile``): a new file gets
    /// 0600 permissions, a replaced one keeps its own.
    static func write(_ credentials: [PasskeyCredential], to path: String) throws(PasskeyError) {
        do {
            try AtomicFile.write(encode(credentials), to: path, access: .owner, limit: maxBytes)
        } catch {
            throw PasskeyError("cannot write the device file \(path): \(error.reason)")
        }
    }

    // MARK: JSON

    static func encode(_ credentials: [PasskeyCredential]) -> String {
        let items: [JSONValue] = credentials.map { credential in
            var object: [String: JSONValue] = [
                "id": .string(credential.idText),
                "rpId": .string(credential.rpId),
                "algorithm": .string(credential.key.algorithm.name),
                "privateKey": .string(credential.key.exported),
                "signCount": .int(Int(credential.signCount)),
                "counter": .string(credential.counter.rawValue),
                "resident": .bool(credential.resident),
                "backupEligible": .bool(credential.backupEligible),
                "backupState": .bool(credential.backupState),
                "aaguid": .string(uuidText(credential.aaguid)),
            ]
            if let name = credential.name { object["name"] = .string(name) }
            if let handle = credential.userHandle { object["userHandle"] = .string(handle) }
            if let userName = credential.userName { object["userName"] = .string(userName) }
            return .object(object)
        }
        let document: JSONValue = [
            "format": .string(format), "version": 1, "credentials": .array(items),
        ]
        return JSONWriter.pretty(document) + "\n"
    }

    static func decode(_ bytes: [UInt8]) throws(PasskeyError) -> [PasskeyCredential] {
        let document: JSONValue
        do {
            document = try JSONReader.parse(bytes)
        } catch {
            throw PasskeyError("not JSON: \(error)")
        }
        guard document["format"]?.stringValue == format, document["version"]?.intValue == 1 else {
            throw PasskeyError("not a version 1 \(format) document")
        }
        guard let items = document["credentials"]?.arrayValue else { throw PasskeyError("no credentials list") }
        guard items.count <= maxCredentials else { throw PasskeyError("more than \(maxCredentials) credentials") }
        var credentials: [PasskeyCredential] = []
        for (index, item) in items.enumerated() {
            credentials.append(try credential(item, at: index))
        }
        return credentials
    }

    private static func credential(_ item: JSONValue, at index: Int) throws(PasskeyError) -> PasskeyCredential {
        func fail(_ what: String) -> PasskeyError { PasskeyError("credential #\(index + 1): \(what)") }
        guard let idText = item["id"]?.stringValue, let id = Base64URL.decode(idText).map([UInt8].init), !id.isEmpty,
            id.count <= AuthenticatorData.maxCredentialIdLength
        else { throw fail("id must be base64url of 1 to 1023 bytes") }
        guard let rpId = item["rpId"]?.stringValue, !rpId.isEmpty else { throw fail("no rpId") }
        guard let algorithmName = item["algorithm"]?.stringValue, let algorithm = COSEAlgorithm(name: algorithmName)
        else { throw fail("algorithm must be ES256, RS256 or EdDSA") }
        guard let keyText = item["privateKey"]?.stringValue,
            let key = PasskeyPrivateKey(algorithm: algorithm, exported: keyText)
        else { throw fail("privateKey is not an \(algorithm.name) private key") }
        let count = item["signCount"]?.intValue ?? 0
        guard NumberRanges.signCount.contains(count) else { throw fail("signCount is not a 32-bit counter") }
        let counter = item["counter"]?.stringValue.flatMap(PasskeyCredential.CounterMode.init(rawValue:)) ?? .increment
        var aaguid = [UInt8](repeating: 0, count: 16)
        if let text = item["aaguid"]?.stringValue {
            guard let bytes = uuidBytes(text) else { throw fail("aaguid is not a UUID") }
            aaguid = bytes
        }
        return PasskeyCredential(
            name: item["name"]?.stringValue, id: id, rpId: rpId, userHandle: item["userHandle"]?.stringValue,
            userName: item["userName"]?.stringValue, key: key, signCount: UInt32(count), counter: counter,
            resident: item["resident"]?.boolValue ?? false, backupEligible: item["backupEligible"]?.boolValue ?? false,
            backupState: item["backupState"]?.boolValue ?? false, aaguid: aaguid)
    }

    /// 16 bytes as a UUID string (`00000000-0000-0000-0000-000000000000`).
    static func uuidText(_ bytes: [UInt8]) -> String {
        guard bytes.count == 16 else { return "00000000-0000-0000-0000-000000000000" }
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return uuid.uuidString.lowercased()
    }

    /// A UUID string's 16 bytes.
    static func uuidBytes(_ text: String) -> [UInt8]? {
        guard let uuid = UUID(uuidString: text) else { return nil }
        return withUnsafeBytes(of: uuid.uuid) { Array($0) }
    }
}
