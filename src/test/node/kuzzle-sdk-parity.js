'use strict';

// Drives a running Lanyard with the official Kuzzle SDK exactly as a site written against Kuzzle does: the Http protocol, no
// customRoutes, so every URL comes from GET /_publicApi. Prints "ok - <check>" per check; exits non-zero at the first failure.
// Run by KuzzleSdkIT, which starts the service and passes where it is and who may log in.

const assert = require('node:assert/strict');
const { Http, Kuzzle } = require('kuzzle-sdk');

const port = Number(required('LANYARD_PORT'));
const email = required('LANYARD_EMAIL');
const password = required('LANYARD_PASSWORD');
const userId = required('LANYARD_USER_ID');
const plugin = required('LANYARD_PLUGIN');
const userTypes = JSON.parse(required('LANYARD_USER_TYPES'));

const newPassword = `${password} (changed)`;
const TWELVE_HOURS = 12 * 3600 * 1000;
const userTypesRequest = { controller: `${plugin}/userController`, action: 'getAllUserTypes' };

let passed = 0;

async function main() {
  const kuzzle = new Kuzzle(new Http('localhost', { port }));

  await check('connect() builds the routes from /_publicApi', async () => {
    await kuzzle.connect();
    assert.deepEqual(kuzzle.protocol.routes[`${plugin}/userController`].getAllUserTypes,
      { verb: 'GET', url: `/_plugin/${plugin}/user/getAllUserTypes` });
    assert.deepEqual(kuzzle.protocol.routes.auth.login, { verb: 'POST', url: '/_login/:strategy' });
  });

  await check('a wrong password is a KuzzleError 401 "wrong username or password"', async () => {
    await assert.rejects(kuzzle.auth.login('local', { username: email, password: 'not the password' }, '12h'), (error) => {
      assertKuzzleError(error);
      assert.equal(error.status, 401);
      assert.equal(error.message, 'wrong username or password');
      assert.equal(error.id, 'security.credentials.invalid');
      return true;
    });
    assert.equal(kuzzle.jwt, null);
  });

  let first;
  await check('auth.login("local", credentials, "12h") stores a 12 h token', async () => {
    first = await kuzzle.auth.login('local', { username: email, password }, '12h');
    assert.equal(kuzzle.jwt, first);
    assert.equal(kuzzle.auth.authenticationToken.userId, userId);
    const lifetime = kuzzle.auth.authenticationToken.expiresAt * 1000 - Date.now();
    assert.ok(lifetime > TWELVE_HOURS - 60000 && lifetime <= TWELVE_HOURS + 1000, `lifetime ${lifetime} ms`);
  });

  await check('kuzzle.query on the plugin route, with no customRoutes', async () => {
    const response = await kuzzle.query(userTypesRequest);
    assert.equal(response.status, 200);
    assert.equal(response.controller, `${plugin}/userController`);
    assert.equal(response.action, 'getAllUserTypes');
    assert.deepEqual(response.result, { statusCode: 0, message: 'generic_success', data: { userTypes } });
  });

  await check('auth.checkToken() says valid, with kuid and expiresAt', async () => {
    const verdict = await kuzzle.auth.checkToken();
    assert.equal(verdict.valid, true);
    assert.equal(verdict.kuid, userId);
    assert.ok(verdict.expiresAt > Date.now() + TWELVE_HOURS - 60000, `expiresAt ${verdict.expiresAt}`);
    assert.equal(await kuzzle.isAuthenticated(), true);
  });

  await check('auth.getCurrentUser() is the logged-in user', async () => {
    const user = await kuzzle.auth.getCurrentUser();
    assert.equal(user._id, userId);
    assert.equal(user.content.email, email);
    assert.equal(user.content.status, 'active');
  });

  await check('auth.updateMyCredentials("local", {password, currentPassword}) changes the password, keeping this session',
    async () => {
      const result = await kuzzle.auth.updateMyCredentials('local', { password: newPassword, currentPassword: password });
      assert.deepEqual(result, { username: email, kuid: userId });
      assert.equal((await kuzzle.query(userTypesRequest)).result.statusCode, 0);
      const other = new Kuzzle(new Http('localhost', { port }));
      await other.connect();
      await assert.rejects(other.auth.login('local', { username: email, password }), (error) => error.status === 401);
      assert.ok(await other.auth.login('local', { username: email, password: newPassword }));
      other.disconnect();
    });

  let second;
  await check('auth.refreshToken() replaces the token', async () => {
    const result = await kuzzle.auth.refreshToken({ expiresIn: '1h' });
    second = result.jwt;
    assert.notEqual(second, first);
    assert.equal(kuzzle.jwt, second);
    assert.equal(result._id, userId);
    assert.equal(result.ttl, 3600000);
    assert.equal((await kuzzle.query(userTypesRequest)).result.statusCode, 0);
  });

  await check('the refreshed-away token is refused after its 1 s grace period', async () => {
    await sleep(1300);
    assert.deepEqual(await kuzzle.auth.checkToken(first), { valid: false, state: 'Invalid token' });
  });

  await check('auth.logout() revokes the token', async () => {
    await kuzzle.auth.logout();
    assert.equal(kuzzle.jwt, null);
    assert.deepEqual(await kuzzle.auth.checkToken(second), { valid: false, state: 'Invalid token' });
    assert.equal(await kuzzle.isAuthenticated(), false);
  });

  await check('a query with the revoked token is a KuzzleError 401 "Invalid token"', async () => {
    kuzzle.jwt = second;
    await assert.rejects(kuzzle.query(userTypesRequest), (error) => {
      assertKuzzleError(error);
      assert.equal(error.status, 401);
      assert.equal(error.message, 'Invalid token');
      assert.equal(error.id, 'security.token.invalid');
      return true;
    });
  });

  kuzzle.disconnect();
  console.log(`kuzzle-sdk parity: all ${passed} checks passed`);
}

async function check(name, body) {
  try {
    await body();
  } catch (error) {
    throw new Error(`${name}: ${error.stack || error}`);
  }
  passed += 1;
  console.log(`ok - ${name}`);
}

// The SDK does not export KuzzleError (its package exports only the entry point): recognise it by name.
function assertKuzzleError(error) {
  assert.equal(error && error.constructor && error.constructor.name, 'KuzzleError', `not a KuzzleError: ${error}`);
}

function required(name) {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set`);
  }
  return value;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

main().catch((error) => {
  console.error(`not ok - ${error.message || error}`);
  process.exit(1);
});
