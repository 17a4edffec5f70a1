// The ACLs of the secured broker, created with Kafka's AclCommand as User:admin (a super user) through
// the internal listener. Principals and rights:
//   User:console    ALL on TOPIC *, GROUP *, TRANSACTIONAL_ID * (literal wildcard) and the CLUSTER
//   User:ANONYMOUS  the same: a client of the SSL listener shows no identity, only TLS (see broker-config.ts)
//   User:reader     READ+DESCRIBE on topics and groups prefixed `public-`, DESCRIBE on the CLUSTER
//   User:admin, User:broker  super users, no ACLs needed
import { join } from 'node:path';
import { type ClientProperties, saslLogin, writeProperties } from './client-config.ts';
import { tool } from './kafka-tool.ts';
import { USERS } from './settings.ts';

/** Properties for User:admin on the internal listener (SASL_PLAINTEXT, PLAIN). */
export const adminProperties = (bootstrap: string): ClientProperties => ({
  'bootstrap.servers': bootstrap,
  'security.protocol': 'SASL_PLAINTEXT',
  ...saslLogin('PLAIN', USERS.admin),
});

const ACLS: string[][] = [
  [
    ...['--allow-principal', `User:${USERS.console.name}`, '--allow-principal', 'User:ANONYMOUS'],
    ...['--operation', 'All', '--topic', '*', '--group', '*', '--transactional-id', '*', '--cluster'],
  ],
  // READ implies DESCRIBE in Kafka's authorizer; both are named so the ACL listing says what is meant.
  [
    ...['--allow-principal', `User:${USERS.reader.name}`, '--operation', 'Read', '--operation', 'Describe'],
    ...['--topic', 'public-', '--group', 'public-', '--resource-pattern-type', 'prefixed'],
  ],
  ['--allow-principal', `User:${USERS.reader.name}`, '--operation', 'Describe', '--cluster'],
];

/** Adds the ACLs above (idempotent: adding an existing ACL changes nothing). One JVM per line, in parallel. */
export async function createAcls(dir: string, bootstrap: string): Promise<void> {
  const config = writeProperties(join(dir, 'admin-internal.properties'), adminProperties(bootstrap));
  await Promise.all(
    ACLS.map((acl) =>
      tool('AclCommand', ['--bootstrap-server', bootstrap, '--command-config', config, '--add', ...acl]),
    ),
  );
}
