import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../../support/app.ts';
import { LDAP_ADMIN, LDAP_BASE, type RunningLdap, startLdap } from '../../support/ldap.ts';
import { formLogin, sessionCookie, withSecurity } from '../../support/security.ts';

let ldap: RunningLdap;
let app: RunningApp;

beforeAll(async () => {
  ldap = await startLdap();
  app = await startApp(
    withSecurity({
      defaultGroup: null,
      ldap: {
        url: ldap.url,
        bindDn: LDAP_ADMIN.dn,
        bindPassword: LDAP_ADMIN.password,
        userBase: `ou=people,${LDAP_BASE}`,
        groupBase: `ou=groups,${LDAP_BASE}`,
        groups: [
          { name: 'Kafka-Admins', groups: ['admin'] },
          { name: 'kafka-readers', groups: ['reader'] },
        ],
      },
    }),
  );
});
afterAll(async () => {
  await app?.close();
  await ldap?.stop();
});

const me = async (cookie: string) => (await fetch(`${app.url}/api/me`, { headers: { cookie } })).json();

describe('LDAP login against a real OpenLDAP', () => {
  it('offers the form', async () => {
    expect(await (await fetch(`${app.url}/api/auths`)).json()).toMatchObject({
      loginEnabled: true,
      formEnabled: true,
    });
  });

  it('binds as the user and maps its directory groups to console groups', async () => {
    const alice = await formLogin(app.url, 'alice', 'alice-pass');
    expect(alice.status).toBe(200);
    const admin = await me(sessionCookie(alice));
    expect(admin).toMatchObject({ logged: true, username: 'alice' });
    expect(admin.roles.flatMap((r: { actions: string[] }) => r.actions)).toContain('ALTER_CONFIG');

    const bob = await me(sessionCookie(await formLogin(app.url, 'bob', 'bob-pass')));
    expect(bob.roles).toHaveLength(2);
    expect(new Set(bob.roles.flatMap((r: { actions: string[] }) => r.actions))).toEqual(
      new Set(['READ', 'READ_CONFIG']),
    );
  });

  it('logs in a user without mapped groups, with no roles', async () => {
    const carol = await formLogin(app.url, 'carol', 'carol-pass');
    expect(await me(sessionCookie(carol))).toEqual({ logged: true, username: 'carol' });
    const clusters = await fetch(`${app.url}/api/cluster`, { headers: { cookie: sessionCookie(carol) } });
    expect(clusters.status).toBe(403);
  });

  it('refuses a wrong password, an unknown user and a filter injection', async () => {
    for (const [user, pass] of [
      ['alice', 'wrong'],
      ['nobody', 'x'],
      ['*', 'alice-pass'],
      ['alice)(uid=*', 'alice-pass'],
    ]) {
      const res = await formLogin(app.url, user as string, pass as string);
      expect(res.status, user).toBe(401);
    }
  });

  it('accepts the directory password over HTTP Basic for scripts', async () => {
    const res = await fetch(`${app.url}/api/cluster`, {
      headers: { authorization: `Basic ${Buffer.from('bob:bob-pass').toString('base64')}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }[]).map((c) => c.id)).toContain('local');
  });

  it('answers 502 when the directory is down', async () => {
    await ldap.stop();
    const res = await formLogin(app.url, 'alice', 'alice-pass');
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ message: 'The LDAP directory cannot be reached' });
  });
});
