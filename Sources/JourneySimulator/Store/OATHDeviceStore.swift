import Foundation
import JourneyCore
import Synchronization

/// One registered authenticator: its parameters and AM's replay state.
struct OATHDevice: Sendable {
    var parameters: OTPParameters
    /// The last TOTP time step accepted.
    var lastTimeStep: UInt64?
    /// The next HOTP counter accepted (AM accepts counter ... counter + window).
    var nextCounter: UInt64

    /// A device just registered: no time step used yet, HOTP from the parameters' counter.
    init(_ parameters: OTPParameters) {
        self.parameters = parameters
        lastTimeStep = nil
        nextCounter = parameters.counter
    }
}

/// Registered OATH devices by username: those of the tree's users (`oathSecret`) and those registered since.
final class OATHDeviceStore: Sendable {
    private let devices: Mutex<[String: OATHDevice]>

    init(_ users: [SimulatedUser]) {
        var initial: [String: OATHDevice] = [:]
        for user in users {
            guard let secret = user.oathSecret, let parameters = try? OTPParameters.parse(secret) else { continue }
            initial[user.username] = OATHDevice(parameters)
        }
        devices = Mutex(initial)
    }

    func device(_ username: String) -> OATHDevice? {
        devices.withLock { $0[username] }
    }

    func register(_ parameters: OTPParameters, for username: String) {
        devices.withLock { $0[username] = OATHDevice(parameters) }
    }

    enum Verdict: Equatable {
        case accepted, rejected, notRegistered
    }

    /// Checks a code as AM's OATH Token Verifier does, and records what it accepts.
    func verify(_ code: String, for username: String, at now: Date, window: Int, hotpWindow: Int) -> Verdict {
        devices.withLock { devices in
            guard var device = devices[username] else { return .notRegistered }
            let parameters = device.parameters
            guard code.count == parameters.digits, code.allSatisfy(\.isNumber) else { return .rejected }
            switch parameters.kind {
            case .totp:
                let current = parameters.step(at: now)
                let low = current >= UInt64(window) ? current - UInt64(window) : 0
                guard
                    let step = (low...(current + UInt64(window))).first(where: {
                        parameters.code(at: now, counter: $0) == code
                    })
                else { return .rejected }
                if let last = device.lastTimeStep, step <= last { return .rejected }
                device.lastTimeStep = step
            case .hotp:
                let first = device.nextCounter
                guard
                    let counter = (first..<(first + UInt64(hotpWindow))).first(where: {
                        parameters.code(at: now, counter: $0) == code
                    })
                else { return .rejected }
                device.nextCounter = counter + 1
            }
            devices[username] = device
            return .accepted
        }
    }
}
