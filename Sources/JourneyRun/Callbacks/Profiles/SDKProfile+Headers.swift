import JourneyCore

/// The headers each SDK sends on the authenticate requests (start, continue, resume), spelled
/// as its code spells them. None of the SDKs sets a User-Agent: it is the platform's HTTP
/// stack's, so a run keeps its own.
extension SDKProfile {
    /// `Accept-API-Version`, `X-Requested-With` and the platform header of an authenticate request.
    package func authenticateHeaders(inAdviceJourney: Bool) -> [HeaderField] {
        switch self {
        case .pingIOS:
            // Journey/Journey/Module/Request.swift (JourneyConstants.resource21Protocol10);
            // Journey/Journey/Journey.swift adds x-requested-with: ping-sdk, x-requested-platform: ios
            // (Orchestrate/Orchestrate/Request.swift, Request.Constants).
            return [
                HeaderField("Accept-API-Version", "resource=2.1, protocol=1.0"),
                HeaderField("x-requested-with", "ping-sdk"),
                HeaderField("x-requested-platform", "ios"),
            ]
        case .pingAndroid:
            // journey/src/main/kotlin/com/pingidentity/journey/Journey.kt (RESOURCE_2_1_PROTOCOL_1_0);
            // foundation/network/src/main/kotlin/com/pingidentity/network/ktor/KtorHttpRequest.kt
            // sets x-requested-with: ping-sdk and x-requested-platform: android on every request.
            return [
                HeaderField("Accept-API-Version", "resource=2.1, protocol=1.0"),
                HeaderField("x-requested-with", "ping-sdk"),
                HeaderField("x-requested-platform", "android"),
            ]
        case .forgeRockIOS:
            // FRAuth/FRAuth/Authentication/Node.swift and AuthService.swift: OpenAM.apiResource21 + "," +
            // OpenAM.apiProtocol10, no space; FRCore/FRCore/Network/Request.swift sets
            // x-requested-with: forgerock-sdk and x-requested-platform: ios on every request.
            return [
                HeaderField("accept-api-version", "resource=2.1,protocol=1.0"),
                HeaderField("x-requested-with", "forgerock-sdk"),
                HeaderField("x-requested-platform", "ios"),
            ]
        case .forgeRockAndroid:
            // forgerock-auth/src/main/java/org/forgerock/android/auth/AuthServiceClient.java
            // (ServerConfig.API_VERSION_2_1); forgerock-core/src/main/java/org/forgerock/android/auth/OkHttpClientProvider.kt
            // adds x-requested-with: forgerock-sdk and x-requested-platform: android.
            return [
                HeaderField("Accept-API-Version", "resource=2.1, protocol=1.0"),
                HeaderField("x-requested-with", "forgerock-sdk"),
                HeaderField("x-requested-platform", "android"),
            ]
        case .forgeRockJS:
            // packages/javascript-sdk/src/auth/index.ts (configureRequest): protocol first, no space;
            // X-Requested-With from src/shared/constants.ts. X-Requested-Platform only when the app
            // sets `platformHeader`, so not by default. A composite_advice journey goes through
            // src/http-client/helpers.ts: resource=2.0, protocol=1.0.
            return [
                HeaderField(
                    "Accept-API-Version", inAdviceJourney ? "resource=2.0, protocol=1.0" : "protocol=1.0,resource=2.1"),
                HeaderField("X-Requested-With", "forgerock-sdk"),
            ]
        }
    }
}
