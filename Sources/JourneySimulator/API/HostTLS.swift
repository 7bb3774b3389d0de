import NIOSSL

/// HTTPS for a server in the box (`journey capture --tls-cert --tls-key`): a PEM certificate
/// chain and its PEM private key, read when the server starts.
package struct HostTLS: Sendable {
    package var certificatePath: String
    package var keyPath: String

    package init(certificatePath: String, keyPath: String) {
        self.certificatePath = certificatePath
        self.keyPath = keyPath
    }

    /// The server's TLS configuration; an unreadable or mismatched file is a `SimulatorStartError` that names it.
    func configuration() throws -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificatePath)
        } catch {
            throw SimulatorStartError(message: "cannot read the certificate \(certificatePath) (PEM): \(error)")
        }
        guard !chain.isEmpty else {
            throw SimulatorStartError(message: "\(certificatePath) holds no PEM certificate")
        }
        do {
            key = try NIOSSLPrivateKey(file: keyPath, format: .pem)
        } catch {
            throw SimulatorStartError(message: "cannot read the private key \(keyPath) (PEM): \(error)")
        }
        return TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    }
}
