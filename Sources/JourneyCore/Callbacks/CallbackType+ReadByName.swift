extension CallbackType {
    /// The types whose inputs AM reads by name, so a client may post only the inputs it set (even
    /// none): the ForgeRock iOS SDK builds them as MultipleValuesCallbacks
    /// (forgerock-ios FRAuth/FRAuth/Callbacks/MultipleValuesCallback.swift), and AM accepts that.
    /// The simulator's echo check and the forgerock-ios profile read this one list.
    package static let readByName: Set<CallbackType> = [
        .reCaptchaEnterprise, .kbaCreate, .idP, .pingOneProtectInitialize, .pingOneProtectEvaluation,
        .deviceBinding, .deviceSigningVerifier, .appIntegrity,
    ]
}
