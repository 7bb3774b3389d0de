import Foundation
import JourneyCore
import JourneyRecording
import JourneyRun
import JourneyTestSupport
import Testing

/// What `journey capture` finds secret in traffic it did not make, before anything is written.
@Suite struct CaptureSecretsTests {
    static func exchange(
        _ method: String, _ url: String, request: String, response: String, headers: [HeaderField] = []
    )
        -> CapturedExchange
    {
        CapturedExchange(
            startedAt: Date(timeIntervalSince1970: 1_800_000_000), duration: 0.01, method: method, url: url,
            requestHeaders: headers, requestBody: Data(request.utf8), status: 200,
            responseHeaders: [HeaderField("Content-Type", "application/json")], responseBody: Data(response.utf8),
            proxyError: false)
    }

    @Test func aMobileFirstPinAndSignatureAndABasicClientSecretNeverReachTheHAR() {
        let log = CaptureLog()
        _ = log.add(
            Self.exchange(
                "POST", "https://mfp.example.com/mfp/api/preauth/v1/preauthorize",
                request: #"{"scopes":["accessRestricted"],"challengeResponse":{"PinCodeAttempts":{"pin":"4711"}}}"#,
                response: #"{"successes":{"PinCodeAttempts":{}}}"#))
        _ = log.add(
            Self.exchange(
                "POST", "https://mfp.example.com/mfp/api/registration/v1/self",
                request:
                    #"{"signedRegistrationData":{"header":"eyJhbGciOiJSUzI1NiJ9","payload":"e30","signature":"c2lnbmF0dXJlLW9mLXRoZS1hcHA"}}"#,
                response: #"{"id":"client-1"}"#))
        _ = log.add(
            Self.exchange(
                "POST", "https://am.example.com/am/oauth2/access_token", request: "grant_type=client_credentials",
                response: #"{"access_token":"at-123456","expires_in":3599}"#,
                headers: [
                    HeaderField("Authorization", "Basic " + Data("client:s3cr3t-value".utf8).base64EncodedString())
                ]))
        let (document, _) = CaptureDocument.make(
            log, upstream: CaptureRoute(name: "", origin: "https://am.example.com", path: "/am"))
        let text = HARWriter.text(document)
        for secret in ["4711", "c2lnbmF0dXJlLW9mLXRoZS1hcHA", "s3cr3t-value", "at-123456"] {
            #expect(!text.contains(secret), "\(secret) is in the HAR")
        }
        #expect(text.contains("«pin»") && text.contains("«signature»") && text.contains("«access_token»"))
    }
}
