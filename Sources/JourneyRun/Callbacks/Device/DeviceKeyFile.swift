import Crypto
import Foundation
import JourneyCore
import JourneyFormat

/// Reads the P-256 private key a handler names with `key:` (PEM, SEC1 or PKCS#8). A relative
/// path is taken from the folder of the script that names it.
enum DeviceKeyFile {
    static func load(_ path: Located<String>, context: AnswerContext) throws(RunError) -> P256.Signing.PrivateKey {
        let url = URL(fileURLWithPath: ReferencedFiles.resolve(path.value, from: path.location.file))
        let pem: String
        do {
            pem = String(decoding: try SourceFile.bytes(url.path, limit: 64 << 10, what: "a key file"), as: UTF8.self)
        } catch {
            throw context.error("cannot read the key file \(url.path): \(error.message)")
        }
        do {
            return try P256.Signing.PrivateKey(pemRepresentation: pem)
        } catch {
            throw context.error("the key file \(url.path) holds no P-256 private key in PEM form")
        }
    }
}
