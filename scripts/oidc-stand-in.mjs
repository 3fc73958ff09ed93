#!/usr/bin/env node
// `npm run oidc:stand-in`: local OpenID issuers standing in for Google, LINE and Yahoo! JAPAN
// (oauth2-mock-server, as the backend's sign-in tests use), so the sign-in buttons can be tried
// without accounts at the real providers. It prints the environment to start the app with.
//
//   npm run oidc:stand-in -- [--port 12121] [--host 127.0.0.1] [--app http://localhost:3000]
//
// Google on --port, LINE on --port + 1, Yahoo! JAPAN on --port + 2 (0: any free ports). Each issuer's authorize
// endpoint signs the person in at once (no login page) and redirects back with a code; the ID
// tokens name a fixed person per provider (below). LINE web login signs its ID tokens with the
// channel secret (HS256), so the stand-in re-signs LINE's that way. Google's button is Google's
// own script (it cannot talk to a local issuer): for Google the stand-in prints an ID token and
// the call the button would make with it.
import * as crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { OAuth2Server } from 'oauth2-mock-server';

/** The person each stand-in signs in. */
export const PEOPLE = {
  google: { sub: 'google-local-1', email: 'google.user@example.com', email_verified: true, name: 'Google User' },
  line: { sub: 'U-line-local-1', email: 'line.user@example.com', name: 'LINE User' },
  yahoo: { sub: 'YAHOO-LOCAL-1', email: 'yahoo.user@example.com', email_verified: true, name: 'Yahoo User' },
};

/** The client ids and secrets the printed environment gives the app. */
export const CLIENTS = {
  google: { id: 'local-google-client' },
  line: { id: 'local-line-channel', secret: 'local-line-channel-secret-0123456789' },
  // The shape of a real YConnect client id (base64 with a trailing hyphen or two).
  yahoo: { id: 'dj00aiZpPWxvY2FsLXlhaG9vJnM9Y29uc3VtZXJzZWNyZXQmeD1sMQ--', secret: 'local-yahoo-secret' },
};

const decode = (jwt) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));

/** An HS256 JWT, as LINE web login signs its ID tokens (with the channel secret). */
function hs256(claims, secret) {
  const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${body}.${crypto.createHmac('sha256', secret).update(body).digest('base64url')}`;
}

async function issuer(name, port, host) {
  const server = new OAuth2Server();
  // A key made here rather than by the store's generate(), which trips over jest's module realms (the test imports this file).
  const jwk = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  await server.issuer.keys.add({ ...jwk, alg: 'RS256', kid: crypto.randomUUID() });
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, PEOPLE[name]);
    // client_secret_basic credentials are form-url-encoded before base64 (RFC 6749 §2.3.1; the
    // app's OpenID client writes "-" as %2D), which oauth2-mock-server does not undo: the ID token's
    // audience would be "…%2D%2D" and the app would refuse it. Real issuers decode it.
    if (typeof token.payload.aud === 'string') token.payload.aud = decodeURIComponent(token.payload.aud.replace(/\+/g, ' '));
  });
  if (name === 'line') {
    server.service.on('beforeResponse', (response) => {
      if (typeof response.body?.id_token === 'string') response.body.id_token = hs256(decode(response.body.id_token), CLIENTS.line.secret);
    });
  }
  await server.start(port, host);
  return server;
}

/** Starts the three issuers; answers them, the environment for the app, and `close`. */
export async function startOidcStandIn({ port = 12121, host = '127.0.0.1' } = {}) {
  const [google, line, yahoo] = await Promise.all([
    issuer('google', port, host),
    issuer('line', port ? port + 1 : 0, host),
    issuer('yahoo', port ? port + 2 : 0, host),
  ]);
  const env = {
    GOOGLE_CLIENT_ID: CLIENTS.google.id,
    GOOGLE_ISSUER: google.issuer.url,
    LINE_CHANNEL_ID: CLIENTS.line.id,
    LINE_CHANNEL_SECRET: CLIENTS.line.secret,
    LINE_ISSUER: line.issuer.url,
    YAHOO_CLIENT_ID: CLIENTS.yahoo.id,
    YAHOO_CLIENT_SECRET: CLIENTS.yahoo.secret,
    YAHOO_ISSUER: yahoo.issuer.url,
  };
  /** A Google ID token for the app's client, as Google's button would hand it over. */
  const googleIdToken = (expiresIn = 3600) =>
    google.issuer.buildToken({ expiresIn, scopesOrTransform: (_header, payload) => Object.assign(payload, { aud: CLIENTS.google.id }, PEOPLE.google) });
  return { google, line, yahoo, env, googleIdToken, close: () => Promise.all([google.stop(), line.stop(), yahoo.stop()]) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const usage = 'Usage: npm run oidc:stand-in -- [--port 12121] [--host 127.0.0.1] [--app http://localhost:3000]';
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: process.env.OIDC_STAND_IN_PORT ?? '12121' },
        host: { type: 'string', default: '127.0.0.1' },
        app: { type: 'string', default: 'http://localhost:3000' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (err) {
    console.error(`${err.message}\n${usage}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65533) {
    console.error(`--port must be a port number (it and the next two are used; 0: any free ports), got "${values.port}"\n${usage}`);
    process.exit(2);
  }
  let standIn;
  try {
    standIn = await startOidcStandIn({ port, host: values.host });
  } catch (err) {
    console.error(`Could not listen on ${values.host}:${port}-${port + 2} (${err.code ?? err.message}); pick other ports with --port.`);
    process.exit(1);
  }
  const app = values.app.replace(/\/+$/, '');
  const token = await standIn.googleIdToken(24 * 3600);
  // Quoted for the shell when a value needs it (a client id or secret of another shape).
  const quote = (value) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);
  const line = (key) => `${key}=${quote(standIn.env[key])}`;
  console.log(
    [
      `OpenID stand-ins: Google ${standIn.env.GOOGLE_ISSUER}, LINE ${standIn.env.LINE_ISSUER}, Yahoo! JAPAN ${standIn.env.YAHOO_ISSUER}`,
      `Each signs in at once as its fixed person: ${Object.entries(PEOPLE)
        .map(([k, p]) => `${k} ${p.email}`)
        .join(', ')}.`,
      '',
      'Start the app (in another terminal) with:',
      '',
      `  ${line('GOOGLE_CLIENT_ID')} ${line('GOOGLE_ISSUER')} \\`,
      `  ${line('LINE_CHANNEL_ID')} ${line('LINE_CHANNEL_SECRET')} ${line('LINE_ISSUER')} \\`,
      `  ${line('YAHOO_CLIENT_ID')} ${line('YAHOO_CLIENT_SECRET')} ${line('YAHOO_ISSUER')} \\`,
      '  npm start',
      '',
      `Then press "LINE" or "Yahoo! JAPAN" on ${app}/login. Google's button needs Google's own script;`,
      'sign in as the Google person with the ID token it would hand over (valid 24 hours):',
      '',
      `  curl -s -X POST ${app}/api/user/loginGoogle/ -H 'Content-Type: application/json' -d '{"id_token":"${token}"}'`,
      '',
      'Press Ctrl+C to stop.',
    ].join('\n'),
  );
  const stop = () => standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
