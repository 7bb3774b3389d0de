import HTTPTypes
import JourneyCore

extension HTTPField.Name {
    // Constant, valid header names: the initializer cannot fail for them.
    static let contentAPIVersion = Self("Content-API-Version")!
    static let pragma = Self("Pragma")!
    static let simulatorFault = Self("X-Simulator-Fault")!
    static let txid = Self("X-TxID")!
    static let idToken = Self("X-IdToken")!
    static let serverTiming = Self(ServerTiming.headerName)!
    static let authenticateResponse = Self("x-authenticate-response")!
}
