import Foundation
import JourneyCore

/// A simulator listening on a port, started by `Simulator.start` (or, in tests, one without a
/// socket, made by `Simulator.inProcess`).
public final class RunningSimulator: Sendable {
    /// The bound port (0 for a simulator in process).
    public var port: Int { server?.port ?? 0 }
    let core: SimulatorCore
    /// Nil in process.
    private let server: HTTPServer.Started?
    /// The server root in process (`Simulator.inProcess`).
    private let inProcessURL: String

    init(core: SimulatorCore, server: HTTPServer.Started?, inProcessURL: String = "") {
        self.core = core
        self.server = server
        self.inProcessURL = inProcessURL
    }

    /// `http://127.0.0.1:<port>`: the server root (protected resources and `/__simulator` live here).
    public var serverURL: String { server?.serverURL ?? inProcessURL }

    /// `http://127.0.0.1:<port>/am`: AM's base URL (context path `/am`).
    public var baseURL: String { serverURL + "/am" }

    /// `http://127.0.0.1:<port>/mfp`: the MobileFirst server URL (its runtime API is under `/mfp/api`).
    public var mobileFirstURL: String { serverURL + "/mfp" }
    /// Rakuten's token API (`/rae/engine/...`); Challenger answers at the origin (`/v1.0/c`, `/v1.0/m`).
    public var rakutenURL: String { serverURL + "/rae" }

    /// Stops listening. Hanging requests are released; open requests finish first.
    public func stop() async {
        core.hangs.releaseAll()
        await server?.stop(cancelAfter: .seconds(5))
    }

    /// Messages sent to `recipient` (an email address or phone number), oldest first.
    public func outbox(for recipient: String) -> [OutboxMessage] {
        core.env.outbox.messages(for: recipient)
    }

    /// Empties the outbox of `recipient`.
    public func clearOutbox(for recipient: String) {
        core.env.outbox.clear(recipient)
    }

    /// Makes matching requests misbehave: `journey` and `path` (a prefix) narrow the match; `times: nil` = until
    /// `clearFaults()`. Returns the rule's id.
    @discardableResult
    public func injectFault(_ fault: FaultSpec, journey: String? = nil, path: String? = nil, times: Int? = 1) -> Int {
        core.faults.add(fault, journey: journey, path: path, times: times)
    }

    /// Removes every injected fault.
    public func clearFaults() {
        core.faults.clear()
    }

    /// Requests currently held open by a `hang` (or `hangOnValue`) fault or waiting out a `delay`.
    public var hangingRequests: Int { core.hangs.count }

    /// Adds a user at run time; false when the username is taken.
    @discardableResult
    package func addUser(_ user: SimulatedUser) -> Bool {
        core.env.users.add(user)
    }

    /// The user named `username`, including users registered by journeys.
    package func user(_ username: String) -> SimulatedUser? {
        core.env.users.user(username)
    }

    /// The WebAuthn devices `username` has registered, oldest first.
    package func webAuthnDevices(of username: String) -> [WebAuthnDevice] {
        core.env.webAuthnDevices.devices(of: username)
    }

    /// Deletes one of the user's WebAuthn devices; false when there is no such device.
    @discardableResult
    package func deleteWebAuthnDevice(_ credentialId: String, of username: String) -> Bool {
        core.env.webAuthnDevices.delete(credentialId: credentialId, of: username)
    }

    /// Deletes every WebAuthn device of the user; returns how many there were.
    @discardableResult
    package func deleteWebAuthnDevices(of username: String) -> Int {
        core.env.webAuthnDevices.deleteAll(of: username)
    }

    /// How many unused recovery codes `username` has (those of the user's devices).
    package func recoveryCodesRemaining(for username: String) -> Int {
        core.env.webAuthnDevices.recoveryCodesRemaining(for: username)
    }

    var listeningLine: String { Self.listeningLine(host: server?.host ?? core.options.host, port: port, core: core) }

    static func listeningLine(host: String, port: Int, core: SimulatorCore) -> String {
        let names = core.tree.journeyNames.joined(separator: ", ")
        return "journey simulator listening on http://\(host):\(port)/am (journeys: \(names))"
    }
}
