import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';

export const LDAP_BASE = 'dc=example,dc=org';
export const LDAP_ADMIN = { dn: `cn=admin,${LDAP_BASE}`, password: 'admin-secret' };

/** The seeded directory: people with passwords, and groups listing them as members. */
export const LDAP_USERS = {
  alice: { password: 'alice-pass', groups: ['kafka-admins'] },
  bob: { password: 'bob-pass', groups: ['kafka-readers'] },
  carol: { password: 'carol-pass', groups: [] as string[] },
};

export type RunningLdap = { url: string; stop: () => Promise<void> };

/**
 * Debian's slapd, installed when missing (the CI machine is root with apt). The same step lives in
 * scripts/ensure-test-packages.sh; doing it here too keeps a lone `vitest run` working.
 */
function ensureSlapd(): void {
  if (existsSync(SLAPD) && existsSync(SLAPADD)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${SLAPD} is missing: run 'sudo apt-get install slapd ldap-utils' (the LDAP tests need it)`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'slapd', 'ldap-utils'], {
    env,
    stdio: 'ignore',
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function seed(): string {
  const people = Object.entries(LDAP_USERS)
    .map(
      ([uid, u]) => `dn: uid=${uid},ou=people,${LDAP_BASE}
objectClass: inetOrgPerson
uid: ${uid}
cn: ${uid}
sn: ${uid}
userPassword: ${u.password}
`,
    )
    .join('\n');
  const groupNames = [...new Set(Object.values(LDAP_USERS).flatMap((u) => u.groups))];
  const groups = groupNames
    .map((name) => {
      const members = Object.entries(LDAP_USERS)
        .filter(([, u]) => u.groups.includes(name))
        .map(([uid]) => `member: uid=${uid},ou=people,${LDAP_BASE}`);
      return `dn: cn=${name},ou=groups,${LDAP_BASE}\nobjectClass: groupOfNames\ncn: ${name}\n${members.join('\n')}\n`;
    })
    .join('\n');
  return `dn: ${LDAP_BASE}
objectClass: dcObject
objectClass: organization
dc: example
o: Example

dn: ou=people,${LDAP_BASE}
objectClass: organizationalUnit
ou: people

dn: ou=groups,${LDAP_BASE}
objectClass: organizationalUnit
ou: groups

${people}
${groups}`;
}

function slapdConf(dir: string): string {
  return `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/nis.schema
include /etc/ldap/schema/inetorgperson.schema
pidfile ${dir}/slapd.pid
modulepath /usr/lib/ldap
moduleload back_mdb
database mdb
maxsize 10485760
suffix "${LDAP_BASE}"
rootdn "${LDAP_ADMIN.dn}"
rootpw ${LDAP_ADMIN.password}
directory ${dir}/data
access to attrs=userPassword by anonymous auth by self read by * none
access to * by * read
`;
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`slapd exited with ${child.exitCode}: ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`slapd did not listen on ${port} within 15 s: ${output()}`);
}

/** A real OpenLDAP on a free loopback port, with a generated slapd.conf and the seed above. */
export async function startLdap(): Promise<RunningLdap> {
  ensureSlapd();
  const dir = mkdtempSync(join(tmpdir(), 'slapd-'));
  mkdirSync(join(dir, 'data'));
  writeFileSync(join(dir, 'slapd.conf'), slapdConf(dir));
  writeFileSync(join(dir, 'seed.ldif'), seed());
  execFileSync(SLAPADD, ['-f', join(dir, 'slapd.conf'), '-l', join(dir, 'seed.ldif')], { stdio: 'pipe' });

  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // -d keeps slapd in the foreground, so it is our child and dies with the test run.
  const child = spawn(SLAPD, ['-f', join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d));
  child.stderr?.on('data', (d: Buffer) => (output += d));
  try {
    await waitForPort(port, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
