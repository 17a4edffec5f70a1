/**
 * A real MIT Kerberos KDC for the GSSAPI tests: Debian's krb5kdc on a free loopback port, in a temporary
 * directory with its own krb5.conf, kdc.conf and database (kdb5_util), principals and keytabs made with
 * kadmin.local. Realm EXAMPLE.TEST; the broker is `kafka/localhost`, since a Java client names the
 * broker by the host it connected to and reverse-resolves an IP literal to `localhost` (canonicalisation
 * is off in krb5.conf, for MIT and Java alike).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePorts } from '../stack/ports.ts';

export const REALM = 'EXAMPLE.TEST';
const KRB5KDC = '/usr/sbin/krb5kdc';
const KDB5_UTIL = '/usr/sbin/kdb5_util';
const KADMIN_LOCAL = '/usr/sbin/kadmin.local';

export type Kdc = {
  dir: string;
  port: number;
  /** The krb5.conf clients use: KRB5_CONFIG for MIT, -Djava.security.krb5.conf for Java. */
  krb5Conf: string;
  /** A new principal (random key) and a keytab holding it; answers the keytab's path. */
  addPrincipal: (name: string) => string;
  /** A new random key for `name`: keytabs made before hold a key the KDC no longer has. */
  changeKey: (name: string) => void;
  stop: () => Promise<void>;
};

/**
 * MIT Kerberos, installed when missing (the CI machine is root with apt). scripts/ensure-test-packages.sh
 * does the same; doing it here too keeps a lone `vitest run` working.
 */
function ensureKdc(): void {
  if ([KRB5KDC, KDB5_UTIL, KADMIN_LOCAL].every((file) => existsSync(file))) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${KRB5KDC} is missing: run 'sudo apt-get install krb5-kdc krb5-admin-server'`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' });
  execFileSync(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', 'krb5-kdc', 'krb5-admin-server'],
    { env, stdio: 'ignore' },
  );
}

/**
 * udp_preference_limit = 1 sends every request over TCP (MIT and Java both read it), so the one port the
 * KDC listens on needs no UDP twin. Lifetimes are short enough that a stale ticket never outlives a run.
 */
export function krb5Conf(port: number): string {
  return `[libdefaults]
  default_realm = ${REALM}
  dns_lookup_realm = false
  dns_lookup_kdc = false
  dns_canonicalize_hostname = false
  rdns = false
  udp_preference_limit = 1
  ticket_lifetime = 1h
  forwardable = false

[realms]
  ${REALM} = {
    kdc = 127.0.0.1:${port}
  }

[domain_realm]
  localhost = ${REALM}
`;
}

function kdcConf(dir: string, port: number): string {
  return `[kdcdefaults]
  kdc_listen = 127.0.0.1:${port}
  kdc_tcp_listen = 127.0.0.1:${port}

[realms]
  ${REALM} = {
    database_name = ${dir}/principal
    key_stash_file = ${dir}/stash
    acl_file = ${dir}/kadm5.acl
    max_life = 1h
    supported_enctypes = aes256-cts-hmac-sha1-96:normal aes128-cts-hmac-sha1-96:normal
  }

[logging]
  kdc = FILE:${dir}/kdc.log
`;
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForKdc(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`krb5kdc exited with ${child.exitCode}: ${output()}`);
    if (await answers(port)) return;
    await sleep(100);
  }
  throw new Error(`krb5kdc did not listen on ${port} within 15 s: ${output()}`);
}

/** A KDC of its own for realm EXAMPLE.TEST, its database made fresh; `stop` kills it and removes it all. */
export async function startKdc(): Promise<Kdc> {
  ensureKdc();
  const dir = mkdtempSync(join(tmpdir(), 'krb5kdc-'));
  const [port = 0] = await freePorts(1);
  const conf = join(dir, 'krb5.conf');
  writeFileSync(conf, krb5Conf(port));
  writeFileSync(join(dir, 'kdc.conf'), kdcConf(dir, port));
  writeFileSync(join(dir, 'kadm5.acl'), '');
  const env = { ...process.env, KRB5_CONFIG: conf, KRB5_KDC_PROFILE: join(dir, 'kdc.conf') };
  const run = (command: string, args: string[]) =>
    execFileSync(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  // -s stashes the master key, so krb5kdc and kadmin.local start without asking for it.
  run(KDB5_UTIL, ['create', '-s', '-r', REALM, '-P', `master-${process.pid}`]);

  // -n keeps krb5kdc in the foreground, so it is our child and dies with the test run.
  const child = spawn(KRB5KDC, ['-n', '-r', REALM], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d));
  child.stderr?.on('data', (d: Buffer) => (output += d));
  try {
    await waitForKdc(port, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const addPrincipal = (name: string) => {
    const keytab = join(dir, `${name.replaceAll(/[^\w.-]/g, '_')}.keytab`);
    run(KADMIN_LOCAL, ['-r', REALM, '-q', `addprinc -randkey ${name}@${REALM}`]);
    run(KADMIN_LOCAL, ['-r', REALM, '-q', `ktadd -k ${keytab} ${name}@${REALM}`]);
    return keytab;
  };
  return {
    dir,
    port,
    krb5Conf: conf,
    addPrincipal,
    changeKey: (name) => run(KADMIN_LOCAL, ['-r', REALM, '-q', `cpw -randkey ${name}@${REALM}`]),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
