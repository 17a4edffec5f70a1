import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { type RunningOidc, startOidcProvider } from '../../support/oidc.ts';
import { withSecurity } from '../../support/security.ts';

let idp: RunningOidc;
let app: RunningApp;

beforeAll(async () => {
  idp = await startOidcProvider({
    alice: { groups: ['kafka-readers', 'staff'] },
    dave: { groups: [] },
  });
  app = await startApp(
    withSecurity({
      defaultGroup: null,
      oidc: {
        providers: {
          test: {
            label: 'Login with Test IdP',
            issuer: idp.issuer,
            clientId: idp.clientId,
            clientSecret: idp.clientSecret,
            scopes: ['openid', 'profile', 'groups'],
            groupsClaim: 'groups',
            allowInsecureHttp: true,
            groups: [{ name: 'kafka-readers', groups: ['reader'] }],
          },
        },
      },
      // The same provider used as a plain OAuth2 server: fixed endpoints, no discovery, identity from
      // its user-info endpoint (oidc-provider serves it at /me).
      oauth2: {
        providers: {
          plain: {
            label: 'Login with OAuth',
            authorizationUrl: `${idp.issuer}/auth`,
            tokenUrl: `${idp.issuer}/token`,
            userInfoUrl: `${idp.issuer}/me`,
            clientId: idp.clientId,
            clientSecret: idp.clientSecret,
            scopes: ['openid', 'profile', 'groups'],
            usernameField: 'preferred_username',
            groupsField: 'groups',
            allowInsecureHttp: true,
            groups: [{ name: 'staff', groups: ['admin'] }],
          },
        },
      },
    }),
  );
  idp.register([`${app.url}/oauth/callback/test`, `${app.url}/oauth/callback/plain`]);
});
afterAll(async () => {
  await app?.close();
  await idp?.stop();
});

/** Just enough of a browser: cookies per origin, redirects followed by hand. */
class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const origin = new URL(url).origin;
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(set)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  /** Follows redirects until a page that is not one; returns the last response and its URL. */
  async follow(url: string, init?: RequestInit): Promise<{ res: Response; url: string; hops: string[] }> {
    let res = await this.request(url, init);
    const hops = [url];
    while (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location') ?? '', url).href;
      hops.push(url);
      res = await this.request(url);
    }
    return { res, url, hops };
  }

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }
}

async function signIn(browser: Browser, username: string, redirect?: string, provider = 'test') {
  const start = `${app.url}/oauth/login/${provider}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;
  const first = await browser.request(start);
  expect(first.status).toBe(302);
  const authorize = new URL(first.headers.get('location') ?? '');
  const signInPage = await browser.follow(authorize.href);
  expect(await signInPage.res.text()).toContain('Test identity provider');
  const done = await browser.follow(`${signInPage.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username }).toString(),
  });
  return { authorize, done };
}

describe('OIDC sign-in against a real provider', () => {
  it('lists the provider for the login page', async () => {
    expect(await (await fetch(`${app.url}/api/auths`)).json()).toMatchObject({
      loginEnabled: true,
      formEnabled: false,
      oidcAuths: [{ key: 'test', label: 'Login with Test IdP' }],
      oauthAuths: [{ key: 'plain', label: 'Login with OAuth' }],
    });
  });

  it('redirects with PKCE, exchanges the code, sets the session and maps the groups claim', async () => {
    const browser = new Browser();
    const { authorize, done } = await signIn(browser, 'alice', '/ui/local/node');
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${app.url}/oauth/callback/test`);
    expect(done.hops.some((h) => h.startsWith(`${app.url}/oauth/callback/test?code=`))).toBe(true);
    expect(done.url).toBe(`${app.url}/ui/local/node`);
    expect(browser.cookie(app.url, 'JWT')).toBeTruthy();
    expect(browser.cookie(app.url, 'OIDC_STATE')).toBeUndefined();

    const me = await (await browser.request(`${app.url}/api/me`)).json();
    expect(me).toMatchObject({ logged: true, username: 'alice' });
    expect(new Set(me.roles.flatMap((r: { actions: string[] }) => r.actions))).toEqual(
      new Set(['READ', 'READ_CONFIG']),
    );
    expect((await browser.request(`${app.url}/api/local/node`)).status).toBe(200);
  });

  it('logs in a user without mapped groups with no roles', async () => {
    const browser = new Browser();
    await signIn(browser, 'dave');
    expect(await (await browser.request(`${app.url}/api/me`)).json()).toEqual({
      logged: true,
      username: 'dave',
    });
  });

  it('sends the browser back to the login page with a message when the callback is forged', async () => {
    const browser = new Browser();
    const res = await browser.request(`${app.url}/oauth/callback/test?code=abc&state=forged`);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '', app.url);
    expect(location.pathname).toBe('/ui/login');
    expect(location.searchParams.get('error')).toMatch(/sign-in took too long or was started elsewhere/);
    expect(browser.cookie(app.url, 'JWT')).toBeUndefined();
  });

  it('refuses a return address outside the console', async () => {
    const browser = new Browser();
    const { done } = await signIn(browser, 'alice', 'https://evil.example/');
    expect(done.url).toBe(`${app.url}/ui`);
  });
});

describe('plain OAuth2 sign-in against a real provider', () => {
  it('redirects with PKCE and no nonce, reads the user-info endpoint and maps its groups field', async () => {
    const browser = new Browser();
    const { authorize, done } = await signIn(browser, 'alice', '/ui/local/topic', 'plain');
    expect(authorize.pathname).toBe('/auth');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeNull();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${app.url}/oauth/callback/plain`);
    expect(done.url).toBe(`${app.url}/ui/local/topic`);

    const me = await (await browser.request(`${app.url}/api/me`)).json();
    expect(me).toMatchObject({ logged: true, username: 'alice' });
    // alice's provider groups are kafka-readers and staff; only `staff` is mapped for this provider.
    expect(new Set(me.roles.flatMap((r: { actions: string[] }) => r.actions))).toContain('DELETE');
  });

  it('answers 404 for a provider that is not configured', async () => {
    const res = await fetch(`${app.url}/oauth/login/nobody`, { redirect: 'manual' });
    expect(res.status).toBe(404);
  });
});
