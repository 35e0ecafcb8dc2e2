// Passkeys on the hosted pages, as progressive enhancement of forms that work without script (where the browser has
// WebAuthn):
// - "sign in with a passkey" on the login page: the button appears and the address field, once in it, offers the browser's
//   passkeys (conditional UI); either way the challenge is fetched from the API, the browser signs it, and the assertion is
//   sent in the form's hidden field;
// - "add a passkey" on the passkeys page: the page carries the registration options, the browser creates the credential,
//   and it is sent in the form's hidden field.
(function () {
  'use strict';
  if (!window.PublicKeyCredential || !navigator.credentials) {
    return;
  }

  function fromBase64url(text) {
    var base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    var binary = atob(base64 + '='.repeat((4 - base64.length % 4) % 4));
    return Uint8Array.from(binary, function (c) { return c.charCodeAt(0); }).buffer;
  }

  function toBase64url(buffer) {
    var binary = String.fromCharCode.apply(null, new Uint8Array(buffer));
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function requestOptions(json) {
    if (PublicKeyCredential.parseRequestOptionsFromJSON) {
      return PublicKeyCredential.parseRequestOptionsFromJSON(json);
    }
    return {challenge: fromBase64url(json.challenge), rpId: json.rpId, timeout: json.timeout,
      userVerification: json.userVerification};
  }

  // the credential as its toJSON() writes it, for browsers without that method; `response` says what each ceremony adds
  function toJSON(credential, response) {
    if (credential.toJSON) {
      return credential.toJSON();
    }
    return {id: credential.id, rawId: toBase64url(credential.rawId), type: credential.type,
      clientExtensionResults: credential.getClientExtensionResults(),
      response: Object.assign({clientDataJSON: toBase64url(credential.response.clientDataJSON)},
        response(credential.response))};
  }

  function assertionJSON(credential) {
    return toJSON(credential, function (response) {
      return {authenticatorData: toBase64url(response.authenticatorData), signature: toBase64url(response.signature),
        userHandle: response.userHandle ? toBase64url(response.userHandle) : null};
    });
  }

  function registrationJSON(credential) {
    return toJSON(credential, function (response) {
      return {attestationObject: toBase64url(response.attestationObject),
        transports: response.getTransports ? response.getTransports() : []};
    });
  }

  function creationOptions(json) {
    if (PublicKeyCredential.parseCreationOptionsFromJSON) {
      return PublicKeyCredential.parseCreationOptionsFromJSON(json);
    }
    var options = Object.assign({}, json, {challenge: fromBase64url(json.challenge),
      user: Object.assign({}, json.user, {id: fromBase64url(json.user.id)})});
    options.excludeCredentials = (json.excludeCredentials || []).map(function (excluded) {
      return Object.assign({}, excluded, {id: fromBase64url(excluded.id)});
    });
    return options;
  }

  function offerToAdd(form) {
    var button = document.getElementById('passkey-add');
    var status = document.getElementById('passkey-status');
    var field = form.querySelector('input[type=hidden][name=credential]');
    var options = JSON.parse(form.getAttribute('data-passkey-options'));
    document.getElementById('passkey-add-script').hidden = true;
    button.hidden = false;
    button.addEventListener('click', function () {
      status.textContent = '';
      navigator.credentials.create({publicKey: creationOptions(options)}).then(function (credential) {
        field.value = JSON.stringify(registrationJSON(credential));
        form.submit();
      }).catch(function () {
        status.textContent = form.getAttribute('data-passkey-failed');
      });
    });
  }

  function offerToSignIn(form) {
    var button = document.getElementById('passkey-button');
    var status = document.getElementById('passkey-status');
    var field = form.querySelector('input[type=hidden][name=passkey]');
    var waiting = null;

    function challenge() {
      return fetch(form.getAttribute('data-passkey-challenge'), {method: 'POST', credentials: 'same-origin',
        headers: {'Content-Type': 'application/json'}, body: '{}'})
        .then(function (reply) { return reply.ok ? reply.json() : Promise.reject(new Error('challenge ' + reply.status)); })
        .then(function (envelope) { return envelope.result; });
    }

    function signIn(mediation) {
      var controller = new AbortController();
      waiting = controller;
      return challenge().then(function (options) {
        return navigator.credentials.get({publicKey: requestOptions(options), mediation: mediation,
          signal: controller.signal});
      }).then(function (credential) {
        if (credential) {
          field.value = JSON.stringify(assertionJSON(credential));
          form.submit();
        }
      });
    }

    button.hidden = false;
    button.addEventListener('click', function () {
      if (waiting) {
        waiting.abort();
      }
      status.textContent = '';
      signIn('optional').catch(function (error) {
        if (error && error.name !== 'AbortError') {
          status.textContent = form.getAttribute('data-passkey-failed');
        }
      });
    });
    // the browser's own list of passkeys in the address field's autofill, asked for once the person is in that field
    var address = form.querySelector('input[autocomplete~=webauthn]');
    if (address && PublicKeyCredential.isConditionalMediationAvailable) {
      address.addEventListener('focus', function offer() {
        address.removeEventListener('focus', offer);
        PublicKeyCredential.isConditionalMediationAvailable().then(function (available) {
          if (available && !waiting) {
            signIn('conditional').catch(function () { /* the person chose the button or the password instead */ });
          }
        });
      });
    }
  }

  var signInForm = document.querySelector('form[data-passkey-challenge]');
  if (signInForm) {
    offerToSignIn(signInForm);
  }
  var addForm = document.querySelector('form[data-passkey-options]');
  if (addForm) {
    offerToAdd(addForm);
  }
}());
