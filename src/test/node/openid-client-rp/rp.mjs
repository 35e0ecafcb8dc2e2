// One relying party's whole life with panva's openid-client (OpenID certified), as a partner app would run it against a
// fresh Lanyard: discovery, an authorization URL with PKCE, the hosted login page posted as a plain HTML form (its hidden
// fields and cookie, no script), the callback, the code exchange with the ID token validated (signature included), userinfo,
// a refresh, and RP-initiated logout. Prints one JSON object of what it saw; CertifiedRelyingPartyIT asserts it field by
// field. Input, from the environment: RP_ISSUER, RP_CLIENT_ID, RP_CLIENT_SECRET (empty: a public client), RP_REDIRECT_URI,
// RP_POST_LOGOUT_REDIRECT_URI, RP_EMAIL, RP_PASSWORD.
import * as client from 'openid-client'

const env = process.env
const issuer = new URL(env.RP_ISSUER)
const redirectUri = env.RP_REDIRECT_URI
const postLogoutRedirectUri = env.RP_POST_LOGOUT_REDIRECT_URI
const isPublic = !env.RP_CLIENT_SECRET

// the test's issuer is http on loopback: openid-client insists on https unless told
const config = await client.discovery(issuer, env.RP_CLIENT_ID, env.RP_CLIENT_SECRET || undefined,
  isPublic ? client.None() : client.ClientSecretBasic(), { execute: [client.allowInsecureRequests] })
// verify the ID token's signature against the JWKS too, not only the TLS-trusted token response
client.enableNonRepudiationChecks(config)
const metadata = config.serverMetadata()

const cookies = new Map()
function remember(response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';')
    const at = pair.indexOf('=')
    cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim())
  }
}
function cookieHeader() {
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
}
// a browser without script: follows the service's own redirects, stops at one leaving it
async function browse(url, init = {}) {
  let response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers || {}), cookie: cookieHeader() } })
  remember(response)
  for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
    const next = new URL(response.headers.get('location'), url)
    if (next.origin !== issuer.origin) {
      break
    }
    url = next
    response = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } })
    remember(response)
  }
  return { url, response }
}
// HTML character references, as a browser reads attribute values
const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const decode = (text) => text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/gi, (whole, decimal, hex, name) =>
  decimal ? String.fromCodePoint(Number(decimal)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : NAMED[name] ?? whole)
function form(html, pageUrl) {
  const tag = html.match(/<form\b[^>]*>/i)[0]
  const action = decode((tag.match(/\baction="([^"]*)"/i) || [, pageUrl.href])[1])
  const fields = new URLSearchParams()
  for (const input of html.matchAll(/<input\b[^>]*>/gi)) {
    if (/\btype="hidden"/i.test(input[0])) {
      fields.append(decode(input[0].match(/\bname="([^"]*)"/i)[1]), decode((input[0].match(/\bvalue="([^"]*)"/i) || [, ''])[1]))
    }
  }
  return { action: new URL(action, pageUrl), method: (tag.match(/\bmethod="([^"]*)"/i) || [, 'get'])[1].toLowerCase(), fields }
}

const verifier = client.randomPKCECodeVerifier()
const state = client.randomState()
const nonce = client.randomNonce()
const authorizationUrl = client.buildAuthorizationUrl(config, {
  redirect_uri: redirectUri, scope: 'openid email profile offline_access', state, nonce,
  code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
})

const login = await browse(authorizationUrl)
const loginHtml = await login.response.text()
const loginForm = form(loginHtml, login.url)
loginForm.fields.set('email', env.RP_EMAIL)
loginForm.fields.set('password', env.RP_PASSWORD)
const posted = await browse(loginForm.action, {
  method: 'POST', body: loginForm.fields.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
})
if (!posted.response.headers.has('location')) {
  throw new Error(`the login form answered ${posted.response.status}, no redirect: ${(await posted.response.text()).slice(0, 2000)}`)
}
const callback = new URL(posted.response.headers.get('location'))

const tokens = await client.authorizationCodeGrant(config, callback,
  { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true })
const claims = tokens.claims()
const idTokenHeader = JSON.parse(Buffer.from(tokens.id_token.split('.')[0], 'base64url').toString())
const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub)
const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token)

const logoutUrl = client.buildEndSessionUrl(config, {
  id_token_hint: tokens.id_token, post_logout_redirect_uri: postLogoutRedirectUri, state: 'bye-' + state,
})
const logout = await browse(logoutUrl)
// the SSO session ended: the same browser meets the login page again
const again = await browse(client.buildAuthorizationUrl(config, {
  redirect_uri: redirectUri, scope: 'openid', state: client.randomState(),
  code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()), code_challenge_method: 'S256',
}))

console.log(JSON.stringify({
  discovery: {
    issuer: metadata.issuer,
    idTokenSigningAlgs: metadata.id_token_signing_alg_values_supported,
    codeChallengeMethods: metadata.code_challenge_methods_supported,
    endSessionEndpoint: metadata.end_session_endpoint,
  },
  authorizationUrl: {
    codeChallengeMethod: authorizationUrl.searchParams.get('code_challenge_method'),
    hasCodeChallenge: authorizationUrl.searchParams.has('code_challenge'),
  },
  loginPage: {
    status: login.response.status,
    contentType: login.response.headers.get('content-type'),
    // the passkey button is our own external script, a progressive enhancement; the form itself needs none (this client
    // posts it without running any)
    hasInlineScript: /<script\b(?![^>]*\bsrc=)/i.test(loginHtml),
    formMethod: loginForm.method,
    hiddenFields: [...loginForm.fields.keys()].filter((name) => name !== 'email' && name !== 'password').sort(),
    cookies: [...cookies.keys()].sort(),
  },
  callback: {
    status: posted.response.status,
    origin: callback.origin + callback.pathname,
    hasCode: callback.searchParams.has('code'),
    stateMatches: callback.searchParams.get('state') === state,
    iss: callback.searchParams.get('iss'),
  },
  tokens: {
    tokenType: tokens.token_type,
    expiresIn: tokens.expires_in,
    scope: tokens.scope,
    hasRefreshToken: typeof tokens.refresh_token === 'string',
    idTokenAlg: idTokenHeader.alg,
    idTokenKid: idTokenHeader.kid,
  },
  idToken: {
    iss: claims.iss, sub: claims.sub, aud: claims.aud, azp: claims.azp, nonceMatches: claims.nonce === nonce,
    email: claims.email, emailVerified: claims.email_verified, givenName: claims.given_name, familyName: claims.family_name,
    hasAuthTime: typeof claims.auth_time === 'number', hasSid: typeof claims.sid === 'string',
  },
  userinfo: { sub: userinfo.sub, email: userinfo.email, givenName: userinfo.given_name },
  refresh: {
    tokenType: refreshed.token_type,
    newAccessToken: refreshed.access_token !== tokens.access_token,
    rotatedRefreshToken: typeof refreshed.refresh_token === 'string' && refreshed.refresh_token !== tokens.refresh_token,
  },
  logout: {
    status: logout.response.status,
    location: logout.response.headers.get('location'),
  },
  afterLogout: { status: again.response.status, loginPage: /name="password"/.test(await again.response.text()) },
}))
