// A relying party built on openid-client v6 (npm), as a system of the
// platform written by someone else would be: PKCE, state and nonce, and
// the ID token's signature checked against the provider's JWKS
// (enableNonRepudiationChecks) with openid-client's own JWKS cache. The Go
// test of key rotation (internal/httpapi/sso_rotation_test.go) starts it:
//
//   node web/e2e/rp/openid-client-rp.mjs ISSUER CLIENT_ID
//
// It listens on 127.0.0.1 (a free port, printed as {"port":N} on stdout);
// GET /login sends the browser to the provider, GET /callback redeems the
// code and answers {"sub","kid"} (200) or the library's error (502).
import http from 'node:http';
import * as client from 'openid-client';

const [issuer, clientId] = process.argv.slice(2);
const config = await client.discovery(new URL(issuer), clientId, undefined, client.None(), {
  execute: [client.allowInsecureRequests], // the test's provider runs on http
});
client.enableNonRepudiationChecks(config);

const pending = new Map(); // state -> { verifier, nonce }
let redirectURI = '';

const server = http.createServer((req, res) => {
  handle(req, res).catch((e) => {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(e?.stack ?? e));
  });
});

async function handle(req, res) {
  const url = new URL(req.url, redirectURI);
  if (url.pathname === '/login') {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    pending.set(state, { verifier, nonce });
    const to = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectURI,
      scope: 'openid profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    res.writeHead(302, { location: to.href }).end();
    return;
  }
  if (url.pathname === '/callback') {
    const state = url.searchParams.get('state');
    const p = pending.get(state);
    pending.delete(state);
    if (!p) {
      res.writeHead(400).end('unknown state');
      return;
    }
    try {
      const tokens = await client.authorizationCodeGrant(config, url, {
        pkceCodeVerifier: p.verifier,
        expectedState: state,
        expectedNonce: p.nonce,
      });
      const header = JSON.parse(Buffer.from(tokens.id_token.split('.')[0], 'base64url').toString());
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ sub: tokens.claims().sub, kid: header.kid }));
    } catch (e) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(`${e?.name}: ${e?.message} ${e?.code ?? ''}`);
    }
    return;
  }
  res.writeHead(404).end();
}

server.listen(0, '127.0.0.1', () => {
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  redirectURI = `http://127.0.0.1:${port}/callback`;
  process.stdout.write(JSON.stringify({ port }) + '\n');
});
