// "Sign in with a passkey" on the hosted login page: progressive enhancement of a form that works without it. Where the
// browser has WebAuthn, the button appears and the address field, once in it, offers the browser's passkeys (conditional
// UI); either way
// the challenge is fetched from the API, the browser signs it, and the assertion is sent in the form's hidden field.
(function () {
  'use strict';
  var form = document.querySelector('form[data-passkey-challenge]');
  if (!form || !window.PublicKeyCredential || !navigator.credentials) {
    return;
  }
  var button = document.getElementById('passkey-button');
  var status = document.getElementById('passkey-status');
  var field = form.querySelector('input[type=hidden][name=passkey]');
  var waiting = null;

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

  function toJSON(credential) {
    if (credential.toJSON) {
      return credential.toJSON();
    }
    var response = credential.response;
    return {id: credential.id, rawId: toBase64url(credential.rawId), type: credential.type,
      clientExtensionResults: credential.getClientExtensionResults(),
      response: {clientDataJSON: toBase64url(response.clientDataJSON),
        authenticatorData: toBase64url(response.authenticatorData), signature: toBase64url(response.signature),
        userHandle: response.userHandle ? toBase64url(response.userHandle) : null}};
  }

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
        field.value = JSON.stringify(toJSON(credential));
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
}());
