import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the provider says of one of its people. */
export interface PeerAccount {
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface OidcPeer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** A second client, registered with the same redirect URIs (for tokens of another audience). */
  otherClientId: string;
  /** Its people, by subject; change them at will. */
  accounts: Map<string, PeerAccount>;
  /**
   * Given otherClientId, the token endpoint takes every request as that client's (as if the app
   * had authenticated as it): the provider then issues ID tokens for another audience. null: not.
   */
  tokenRequestsAs(clientId: string | null): void;
  /**
   * Follows an authorization URL as a browser would, signing in as `login` (a subject or an
   * e-mail) on the provider's form, and answers the URL the provider sends the browser back to.
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/**
 * A real OpenID provider (oidc-provider, the certified Node implementation) on a random local
 * port, with a confidential client for the app under test and a sign-in page of its own: a form
 * asking who signs in, with consent granted at once.
 */
export async function startOidcPeer(options: {
  redirectUris: string[];
  accounts?: Record<string, PeerAccount>;
}): Promise<OidcPeer> {
  const accounts = new Map(Object.entries(options.accounts ?? {}));
  const clientId = 'photo-app';
  const clientSecret = 'photo-app-secret-0123456789';
  const otherClientId = 'another-app';
  const otherSecret = 'another-app-secret-0123456789';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: 'peer-key',
    use: 'sig',
    alg: 'RS256',
  };

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const client = (id: string, secret: string) => ({
    client_id: id,
    client_secret: secret,
    redirect_uris: options.redirectUris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
  });
  const provider = new Provider(issuer, {
    clients: [client(clientId, clientSecret), client(otherClientId, otherSecret)],
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => Promise.resolve({ sub, ...account }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['oidc-peer-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Consent is given at once: the app is the provider's own client.
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const grantId =
        oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    jwks: { keys: [jwk] },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
  });
  const handle = provider.callback();
  let tokensAs: string | null = null;

  const peer: OidcPeer = {
    issuer,
    clientId,
    clientSecret,
    otherClientId,
    accounts,
    tokenRequestsAs: (id) => {
      tokensAs = id;
    },
    signIn: (url, login) => followAsBrowser(issuer, url, login),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const loginPage = (uid: string, error = '') =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test provider</title></head>` +
    `<body><h1>Test provider</h1>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}` +
    `<form method="post" action="/interaction/${escapeHtml(uid)}">` +
    `<label>E-mail <input name="login" autocomplete="off"></label> <button type="submit">Continue</button>` +
    `</form></body></html>`;

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    const interaction = /^\/interaction\/([^/]+)$/.exec(url.pathname);
    if (interaction) {
      void (async () => {
        try {
          const details = await provider.interactionDetails(req, res);
          if (req.method === 'GET') {
            res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
            res.end(loginPage(details.uid));
            return;
          }
          const login = (await readForm(req)).get('login')?.trim() ?? '';
          const accountId = accounts.has(login)
            ? login
            : [...accounts].find(([, account]) => account.email === login)?.[0];
          if (!accountId) {
            res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
            res.end(loginPage(details.uid, 'Nobody signs in by that name here.'));
            return;
          }
          await provider.interactionFinished(
            req,
            res,
            { login: { accountId } },
            { mergeWithLastSubmission: false },
          );
        } catch (error) {
          res.writeHead(400, { 'Content-Type': 'text/plain' });
          res.end(String(error));
        }
      })();
      return;
    }
    if (url.pathname === '/token' && tokensAs === otherClientId) {
      req.headers.authorization = basic(otherClientId, otherSecret);
    }
    handle(req, res);
  });
  return peer;
}

/** A browser's trip through the provider: redirects, cookies, and the sign-in form. */
async function followAsBrowser(issuer: string, start: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(start);
  let form: URLSearchParams | null = null;
  for (let step = 0; step < 10; step += 1) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value && !/max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) jar.set(name, value);
      else jar.delete(name);
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== issuer) return next;
      url = next;
      form = null;
      continue;
    }
    if (res.status === 200 && url.pathname.startsWith('/interaction/') && !form) {
      await res.text();
      form = new URLSearchParams({ login });
      continue;
    }
    throw new Error(`the provider answered ${res.status} at ${url.pathname}: ${await res.text()}`);
  }
  throw new Error('too many redirects at the provider');
}
