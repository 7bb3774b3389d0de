import JourneyCore
import JourneyFormat

extension SDKProfile {
    /// The document a DeviceProfileCallback handler without `profile:` or `value:` posts with this
    /// profile: the collector of that SDK, as JSON text.
    /// - ping-ios: DeviceProfile/DeviceProfile/DeviceProfileCallback.swift; ping-android:
    ///   foundation/device/device-profile/src/main/kotlin/com/pingidentity/device/profile/DeviceProfileCallback.kt
    ///   (their collectors' document as JSON text in the one input);
    /// - forgerock-ios: FRAuth/FRAuth/Callbacks/DeviceProfileCallback.swift (`FRDeviceCollector`, `JSONStringify`);
    /// - forgerock-android: forgerock-auth/src/main/java/org/forgerock/android/auth/callback/DeviceProfileCallback.java
    ///   (`FRDeviceCollector`, `setValue(json.toString())`);
    /// - forgerock-js: packages/javascript-sdk/src/fr-auth/callbacks/device-profile-callback.ts
    ///   (`setProfile(profile)`: `JSON.stringify` of FRDevice's profile).
    var deviceProfileShape: DeviceProfileShape? {
        switch self {
        case .forgeRockIOS: return .ios
        case .forgeRockAndroid: return .android
        case .forgeRockJS: return .browser
        case .pingIOS: return .ios
        case .pingAndroid: return .android
        }
    }
}
