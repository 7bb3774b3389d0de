import JourneyCore

// The scripts AM sends in a TextOutputCallback (messageType 4): WebAuthn registration and
// authentication as JavaScript (AM 7.0's "return challenge as JavaScript"), the "waiting for local
// device" script that goes with them, and the Recovery Code Display node's page. Copied from the
// fixtures (Tests/Fixtures/callbacks/webauthn/*-script-am70.json, mfa/recovery-codes-display.json)
// with the values put back in; the authentication script also names userVerification, as AM 6.5's does.
enum AMScripts {
    /// `navigator.credentials.create` with the creation options; `webAuthnOutcome` gets
    /// `clientDataJSON::attestationObject::credentialId`.
    static func webAuthnRegistration(
        challenge: String, rpIdLine: String, rpName: String, userId: String, userName: String, displayName: String,
        pubKeyCredParams: String, attestation: String, timeout: Int, excludeCredentials: String,
        authenticatorSelection: String
    ) -> String {
        #"""
        /*
         * Copyright 2018-2020 ForgeRock AS. All Rights Reserved
         *
         * Use of this code requires a commercial software license with ForgeRock AS.
         * or with one of its affiliates. All use shall be exclusively subject
         * to such license between the licensee and ForgeRock AS.
         */

        if (!window.PublicKeyCredential) {
            document.getElementById('webAuthnOutcome').value = "unsupported";
            document.getElementById("loginButton_0").click();
        }

        var publicKey = {
            challenge: new Int8Array([\#(challenge)]).buffer,
            // Relying Party:
            rp: {
        \#(rpIdLine)
                name: "\#(rpName)"
            },
            // User:
            user: {
                id: Uint8Array.from("\#(userId)", function (c) { return c.charCodeAt(0) }),
                name: "\#(userName)",
                displayName: "\#(displayName)"
            },
            pubKeyCredParams: \#(pubKeyCredParams),
            attestation: "\#(attestation)",
            timeout: \#(timeout),
            excludeCredentials: [\#(excludeCredentials)],
            authenticatorSelection: \#(authenticatorSelection)
        };

        navigator.credentials.create({publicKey: publicKey})
            .then(function (newCredentialInfo) {
                var rawId = newCredentialInfo.id;
                var clientData = String.fromCharCode.apply(null, new Uint8Array(newCredentialInfo.response.clientDataJSON));
                var keyData = new Int8Array(newCredentialInfo.response.attestationObject).toString();
                document.getElementById('webAuthnOutcome').value = clientData + "::" + keyData + "::" + rawId;
                document.getElementById("loginButton_0").click();
            }).catch(function (err) {
                document.getElementById('webAuthnOutcome').value = "ERROR" + "::" + err;
                document.getElementById("loginButton_0").click();
            });
        """#
    }

    /// `navigator.credentials.get` with the request options; `webAuthnOutcome` gets
    /// `clientDataJSON::authenticatorData::signature::credentialId::userHandle`.
    static func webAuthnAuthentication(
        rpIdLine: String, challenge: String, timeout: Int, userVerification: String, allowCredentials: String
    ) -> String {
        #"""
        /*
         * Copyright 2018-2020 ForgeRock AS. All Rights Reserved
         *
         * Use of this code requires a commercial software license with ForgeRock AS.
         * or with one of its affiliates. All use shall be exclusively subject
         * to such license between the licensee and ForgeRock AS.
         */

        if (!window.PublicKeyCredential) {
            document.getElementById('webAuthnOutcome').value = "unsupported";
            document.getElementById("loginButton_0").click();
        }

        var options = {
        \#(rpIdLine)
            challenge: new Int8Array([\#(challenge)]).buffer,
            timeout: \#(timeout),
            userVerification: "\#(userVerification)",
        \#(allowCredentials)
        };

        navigator.credentials.get({ "publicKey" : options })
            .then(function (assertion) {
                var clientData = String.fromCharCode.apply(null, new Uint8Array(assertion.response.clientDataJSON));
                var authenticatorData = new Int8Array(assertion.response.authenticatorData).toString();
                var signature = new Int8Array(assertion.response.signature).toString();
                var rawId = assertion.id;
                var userHandle = String.fromCharCode.apply(null, new Uint8Array(assertion.response.userHandle));
                document.getElementById('webAuthnOutcome').value = clientData + "::" + authenticatorData + "::" + signature + "::" + rawId + "::" + userHandle;
                document.getElementById("loginButton_0").click();
            }).catch(function (err) {
                document.getElementById('webAuthnOutcome').value = "ERROR" + "::" + err;
                document.getElementById("loginButton_0").click();
            });

        """#
    }

    /// Adds the hidden login button the WebAuthn scripts click.
    static let waitingForDevice =
        #"""
        /*
         * Copyright 2018 ForgeRock AS. All Rights Reserved
         *
         * Use of this code requires a commercial software license with ForgeRock AS.
         * or with one of its affiliates. All use shall be exclusively subject
         * to such license between the licensee and ForgeRock AS.
         *
         */

        /*
         * Note:
         *
         * When a ConfirmationCallback is used (e.g. during recovery code use), the XUI does not render a loginButton. However
         * the webAuthn script needs to call loginButton.click() to execute the appropriate data reformatting prior to sending
         * the request into AM. Here we query whether the loginButton exists and add it to the DOM if it doesn't.
         */

        var newLocation = document.getElementById("wrapper");

        var script = "<div class=\"form-group\">\n" +
            "<div class=\"panel panel-default\">\n" +
            "    <div class=\"panel-body text-center\">\n" +
            "    <h4 class=\"awaiting-response\"><i class=\"fa fa-circle-o-notch fa-spin text-primary\"></i> Waiting for local device... </h4>\n" +
            "    </div>\n" +
            "</div>\n";

        if (!document.getElementById("loginButton_0")) {
            script += "<input id=\"loginButton_0\" role=\"button\" type=\"submit\" hidden>";
        } else {
            document.getElementById("loginButton_0").style.visibility='hidden';
        }

        script += "</div>";

        newLocation.getElementsByTagName("fieldset")[0].innerHTML += script;
        document.body.appendChild(newLocation);
        """#

    /// The Recovery Code Display node's page: the codes, and the name of the device they recover.
    static func recoveryCodes(_ codes: [String], deviceName: String) -> String {
        let codeLines = codes.map { code in
            #"""
                "<div class=\"text-center\">\n" +
                "\#(code)\n" +
                "</div>\n" +

            """#
        }.joined()
        return #"""
            /*
             * Copyright 2018 ForgeRock AS. All Rights Reserved
             *
             * Use of this code requires a commercial software license with ForgeRock AS.
             * or with one of its affiliates. All use shall be exclusively subject
             * to such license between the licensee and ForgeRock AS.
             */

            var newLocation = document.getElementById("wrapper");
            var oldHtml = newLocation.getElementsByTagName("fieldset")[0].innerHTML;
            newLocation.getElementsByTagName("fieldset")[0].innerHTML = "<div class=\"panel panel-default\">\n" +
                "    <div class=\"panel-body text-center\">\n" +
                "        <h3>Your Recovery Codes</h3>\n" +
                "        <h4>You must make a copy of these WebAuthn authenticator recovery codes. They cannot be displayed again.</h4>\n" +
                "    </div>\n" +
            \#(codeLines)    "<div class=\"panel-body text-center\">\n" +
                "        <p>Use one of these codes to authenticate if you lose your device, which has been named: <em>\#(deviceName)</em></p>\n" +
                "</div>\n" +
                "</div>" + oldHtml;
            document.body.appendChild(newLocation);



            """#
    }
}
