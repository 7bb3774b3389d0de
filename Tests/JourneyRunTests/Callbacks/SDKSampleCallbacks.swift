/// Callbacks as AM sends them (shapes from Tests/Fixtures/callbacks), for the per-SDK samples of
/// the registry's types that an SDK's own tests do not cover (`SDKProfileConformance.sample`).
enum SDKSampleCallbacks {
    static let choice = #"""
        {"type":"ChoiceCallback","output":[{"name":"prompt","value":"Factor"},{"name":"choices","value":["Email","SMS"]},
        {"name":"defaultChoice","value":0}],"input":[{"name":"IDToken1","value":0}]}
        """#
    static let confirmation = #"""
        {"type":"ConfirmationCallback","output":[{"name":"prompt","value":""},{"name":"messageType","value":0},
        {"name":"options","value":["Yes","No"]},{"name":"optionType","value":-1},{"name":"defaultOption","value":1}],
        "input":[{"name":"IDToken2","value":1}]}
        """#
    static let password = #"""
        {"type":"PasswordCallback","output":[{"name":"prompt","value":"Password"}],"input":[{"name":"IDToken2","value":""}]}
        """#
    /// A `value` output that differs from the received input.
    static let stringAttribute = #"""
        {"type":"StringAttributeInputCallback","output":[{"name":"name","value":"mail"},{"name":"prompt","value":"Email Address"},
        {"name":"required","value":true},{"name":"policies","value":{}},{"name":"failedPolicies","value":[]},
        {"name":"validateOnly","value":false},{"name":"value","value":"clark@example.com"}],
        "input":[{"name":"IDToken2","value":""},{"name":"IDToken2validateOnly","value":false}]}
        """#
    static let booleanAttribute = #"""
        {"type":"BooleanAttributeInputCallback","output":[{"name":"name","value":"preferences/marketing"},
        {"name":"prompt","value":"Send me special offers"},{"name":"required","value":false},{"name":"policies","value":{}},
        {"name":"failedPolicies","value":[]},{"name":"validateOnly","value":false},{"name":"value","value":false}],
        "input":[{"name":"IDToken3","value":false},{"name":"IDToken3validateOnly","value":false}]}
        """#
    static let numberAttribute = #"""
        {"type":"NumberAttributeInputCallback","output":[{"name":"name","value":"custom_age"},{"name":"prompt","value":"Age"},
        {"name":"required","value":true},{"name":"policies","value":{}},{"name":"failedPolicies","value":[]},
        {"name":"validateOnly","value":false},{"name":"value","value":null}],
        "input":[{"name":"IDToken4","value":null},{"name":"IDToken4validateOnly","value":false}]}
        """#
    static let validatedUsername = #"""
        {"type":"ValidatedCreateUsernameCallback","output":[{"name":"policies","value":{}},{"name":"failedPolicies","value":[]},
        {"name":"validateOnly","value":false},{"name":"prompt","value":"Username"}],
        "input":[{"name":"IDToken1","value":""},{"name":"IDToken1validateOnly","value":false}]}
        """#
    static let validatedPassword = #"""
        {"type":"ValidatedCreatePasswordCallback","output":[{"name":"echoOn","value":false},{"name":"policies","value":{}},
        {"name":"failedPolicies","value":[]},{"name":"validateOnly","value":false},{"name":"prompt","value":"Password"}],
        "input":[{"name":"IDToken2","value":""},{"name":"IDToken2validateOnly","value":false}]}
        """#
    static let kbaCreate = #"""
        {"type":"KbaCreateCallback","output":[{"name":"prompt","value":"Select a security question"},
        {"name":"predefinedQuestions","value":["What's your favorite color?","Who was your first employer?"]}],
        "input":[{"name":"IDToken1question","value":""},{"name":"IDToken1answer","value":""}]}
        """#
    static let termsAndConditions = #"""
        {"type":"TermsAndConditionsCallback","output":[{"name":"version","value":"0.0"},{"name":"terms","value":"Terms"},
        {"name":"createDate","value":"2019-10-14T04:18:26.705Z"}],"input":[{"name":"IDToken1","value":false}]}
        """#
    static let hiddenValue = #"""
        {"type":"HiddenValueCallback","output":[{"name":"value","value":"67e50231"},{"name":"id","value":"jwt"}],
        "input":[{"name":"IDToken1","value":"jwt"}]}
        """#
    static let textOutputInformation = #"""
        {"type":"TextOutputCallback","output":[{"name":"message","value":"Welcome"},{"name":"messageType","value":"0"}]}
        """#
    static let textOutputScript = #"""
        {"type":"TextOutputCallback","output":[{"name":"message","value":"console.log('hi')"},{"name":"messageType","value":"4"}]}
        """#
    static let suspendedTextOutput = #"""
        {"type":"SuspendedTextOutputCallback","output":[{"name":"message","value":"An email has been sent"},
        {"name":"messageType","value":"0"}]}
        """#
    static let metadata = #"""
        {"type":"MetadataCallback","output":[{"name":"data","value":{"stage":"UsernamePassword"}}]}
        """#
    static let pollingWait = #"""
        {"type":"PollingWaitCallback","output":[{"name":"waitTime","value":"8000"},{"name":"message","value":"Waiting"}]}
        """#
    static let redirect = #"""
        {"type":"RedirectCallback","output":[{"name":"redirectUrl","value":"https://custom.example/login"},
        {"name":"redirectMethod","value":"GET"},{"name":"trackingCookie","value":false}]}
        """#
    static let reCaptcha = #"""
        {"type":"ReCaptchaCallback","output":[{"name":"recaptchaSiteKey","value":"6Lf3tbYUAAAAAEm78fAOFRKb-n1M67FDh7c0HHQk"}],
        "input":[{"name":"IDToken1","value":""}]}
        """#
    static let reCaptchaEnterprise = #"""
        {"type":"ReCaptchaEnterpriseCallback","output":[{"name":"recaptchaSiteKey","value":"6LdSu_spAAAAAKz3UhIy4JYQld2lm_WRt7dEhf9T"},
        {"name":"captchaApiUri","value":"https://www.google.com/recaptcha/enterprise.js"},{"name":"captchaDivClass","value":"g-recaptcha"}],
        "input":[{"name":"IDToken1token","value":""},{"name":"IDToken1action","value":""},
        {"name":"IDToken1clientError","value":""},{"name":"IDToken1payload","value":""}]}
        """#
    static let selectIdP = #"""
        {"type":"SelectIdPCallback","output":[{"name":"providers","value":[{"provider":"google","uiConfig":{}},
        {"provider":"localAuthentication"}]},{"name":"value","value":""}],"input":[{"name":"IDToken1","value":""}]}
        """#
    static let protectInitialize = #"""
        {"type":"PingOneProtectInitializeCallback","output":[{"name":"envId","value":"02fb4743-189a-4bc7-9d6c-a919edfe6447"},
        {"name":"consoleLogEnabled","value":false},{"name":"deviceAttributesToIgnore","value":[]},{"name":"customHost","value":""},
        {"name":"lazyMetadata","value":false},{"name":"behavioralDataCollection","value":true}],
        "input":[{"name":"IDToken1signals","value":""},{"name":"IDToken1clientError","value":""}]}
        """#
    static let protectEvaluation = #"""
        {"type":"PingOneProtectEvaluationCallback","output":[{"name":"pauseBehavioralData","value":true}],
        "input":[{"name":"IDToken1signals","value":""},{"name":"IDToken1clientError","value":""}]}
        """#
    static let deviceBinding = #"""
        {"type":"DeviceBindingCallback","output":[{"name":"userId","value":"id=demo,ou=user,o=alpha,ou=services,ou=am-config"},
        {"name":"username","value":"demo"},{"name":"authenticationType","value":"NONE"},{"name":"challenge","value":"uYksDJx878kl7B4u+wItpGXPozr8bzDTaJwHPJ06SIw="},
        {"name":"title","value":"Authentication required"},{"name":"subtitle","value":"Cryptography device binding"},
        {"name":"description","value":"Please complete with biometric to proceed"},{"name":"timeout","value":20}],
        "input":[{"name":"IDToken1jws","value":""},{"name":"IDToken1deviceName","value":""},
        {"name":"IDToken1deviceId","value":""},{"name":"IDToken1clientError","value":""}]}
        """#
    static let deviceSigningVerifier = #"""
        {"type":"DeviceSigningVerifierCallback","output":[{"name":"userId","value":""},
        {"name":"challenge","value":"zYwKaKnqS2YzvhXSK+sFjC7FKBoprArqz6LpJ8qe9+g="},{"name":"title","value":"Authentication required"},
        {"name":"subtitle","value":"Cryptography device binding"},{"name":"description","value":"Please complete with biometric to proceed"},
        {"name":"timeout","value":20}],"input":[{"name":"IDToken1jws","value":""},{"name":"IDToken1clientError","value":""}]}
        """#
    static let appIntegrityIOS = #"""
        {"type":"AppIntegrityCallback","output":[{"name":"challenge","value":"bTMSdXsjHMVCwzGKMEqyZ0e3fTj2rtsHAjzFn0RCOVA="},
        {"name":"attestToken","value":true}],"input":[{"name":"IDToken1clientError","value":""},{"name":"IDToken1attestToken","value":""},
        {"name":"IDToken1token","value":""},{"name":"IDToken1clientData","value":""},{"name":"IDToken1keyId","value":""}]}
        """#
    static let appIntegrityAndroid = #"""
        {"type":"AppIntegrityCallback","output":[{"name":"requestType","value":"Standard"},{"name":"projectNumber","value":"123456789"},
        {"name":"nonce","value":"bTMSdXsjHMVCwzGKMEqyZ0e3fTj2rtsHAjzFn0RCOVA"}],
        "input":[{"name":"IDToken1token","value":""},{"name":"IDToken1clientError","value":""}]}
        """#
}
