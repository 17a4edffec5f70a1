/**
 * SCRAM credentials (KIP-554): DescribeUserScramCredentials (API key 50) lists users with the mechanism
 * and iteration count of each credential; AlterUserScramCredentials (51) upserts and deletes them. The
 * broker never receives a password: the client sends a random salt and SaltedPassword = Hi(password, salt,
 * iterations) (RFC 5802, PBKDF2 with HMAC-SHA-256 or -512), from which the controller derives the keys it
 * stores. A broker without the APIs fails as the client library does, which the pool answers as
 * CLUSTER_TOO_OLD (kafka/cluster/capabilities.ts).
 */
import { pbkdf2, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { ScramCredential, ScramMechanism, ScramUser } from '@console/contract';
import {
  type Admin,
  type alterUserScramCredentialsV0,
  type describeUserScramCredentialsV0,
  ProtocolError,
  protocolErrorsCodesById,
} from '@platformatic/kafka';
import { send } from '../../kafka/protocol.ts';
import { AppError, badRequest, conflict, missing } from '../../platform/errors.ts';

/** Kafka's mechanism types (org.apache.kafka.clients.admin.ScramMechanism); 0 is UNKNOWN. */
const TYPES: Record<ScramMechanism, 1 | 2> = { 'SCRAM-SHA-256': 1, 'SCRAM-SHA-512': 2 };
const NAMES = new Map<number, ScramMechanism>([
  [1, 'SCRAM-SHA-256'],
  [2, 'SCRAM-SHA-512'],
]);
const DIGESTS: Record<ScramMechanism, { digest: string; length: number }> = {
  'SCRAM-SHA-256': { digest: 'sha256', length: 32 },
  'SCRAM-SHA-512': { digest: 'sha512', length: 64 },
};
/** Kafka's own tools salt with fewer bytes; RFC 5802 asks for a random one, 16 bytes at least. */
const SALT_BYTES = 32;
const derive = promisify(pbkdf2);

/** Every user that has a SCRAM credential, in one request (the broker answers them all at once). */
export async function describeScramUsers(admin: Admin): Promise<ScramUser[]> {
  const answer = await send<
    [describeUserScramCredentialsV0.DescribeUserScramCredentialsRequestUser[] | null],
    describeUserScramCredentialsV0.DescribeUserScramCredentialsResponse
  >(admin, 'any', 'DescribeUserScramCredentials', () => [null]);
  return answer.results.map((r) => ({ user: r.user, credentials: credentialsOf(r.credentialInfos) }));
}

/** The credentials Kafka names, by mechanism; a mechanism this console does not know is left out. */
function credentialsOf(
  infos: describeUserScramCredentialsV0.DescribeUserScramCredentialsResponseResultCredentialInfo[],
): ScramCredential[] {
  return infos
    .flatMap((c) => {
      const mechanism = NAMES.get(c.mechanism);
      return mechanism ? [{ mechanism, iterations: c.iterations }] : [];
    })
    .sort((a, b) => a.mechanism.localeCompare(b.mechanism));
}

/** One user's credentials; a user without any is a 404 naming it. */
export async function describeScramUser(admin: Admin, user: string): Promise<ScramUser> {
  const answer = await send<
    [describeUserScramCredentialsV0.DescribeUserScramCredentialsRequestUser[] | null],
    describeUserScramCredentialsV0.DescribeUserScramCredentialsResponse
  >(admin, 'any', 'DescribeUserScramCredentials', () => [[{ name: user }]], { partial: true });
  if (answer.errorCode !== 0) throw refusedBy(answer.errorCode, answer.errorMessage);
  const found = answer.results[0];
  const error = found?.errorCode ? protocolErrorsCodesById[found.errorCode] : undefined;
  if (found && error && error !== 'RESOURCE_NOT_FOUND') throw refusedBy(found.errorCode, found.errorMessage);
  if (!found || error || found.credentialInfos.length === 0) {
    throw missing('param.user', `user '${user}' has no SCRAM credential`);
  }
  return { user, credentials: credentialsOf(found.credentialInfos) };
}

/** Salt and SaltedPassword for `password`; only these two go to the broker. */
export async function saltPassword(
  mechanism: ScramMechanism,
  password: string,
  iterations: number,
): Promise<{ salt: Buffer; saltedPassword: Buffer }> {
  const salt = randomBytes(SALT_BYTES);
  const { digest, length } = DIGESTS[mechanism];
  // Kafka's ScramFormatter hashes the password's UTF-8 bytes as they are (no SASLprep), as does its client.
  const saltedPassword = await derive(Buffer.from(password, 'utf8'), salt, iterations, length, digest);
  return { salt, saltedPassword };
}

type Change =
  | { kind: 'upsert'; user: string; mechanism: ScramMechanism; iterations: number; password: string }
  | { kind: 'delete'; user: string; mechanisms: ScramMechanism[] };

/**
 * Upserts or deletes credentials of one user in one request. The controller answers an error per user;
 * those that say what is wrong with the input are answered naming the field, the rest go to the error
 * table (a CLUSTER_AUTHORIZATION_FAILED there is the console's own principal lacking cluster ALTER).
 */
export async function alterScramUser(admin: Admin, cluster: string, change: Change): Promise<void> {
  const deletions =
    change.kind === 'delete'
      ? change.mechanisms.map((m) => ({ name: change.user, mechanism: TYPES[m] }))
      : [];
  const upsertions =
    change.kind === 'upsert'
      ? [
          {
            name: change.user,
            mechanism: TYPES[change.mechanism],
            iterations: change.iterations,
            ...(await saltPassword(change.mechanism, change.password, change.iterations)),
          },
        ]
      : [];
  const answer = await send<
    [
      alterUserScramCredentialsV0.AlterUserScramCredentialsRequestDeletions[],
      alterUserScramCredentialsV0.AlterUserScramCredentialsRequestUpsertions[],
    ],
    alterUserScramCredentialsV0.AlterUserScramCredentialsResponse
  >(admin, 'any', 'AlterUserScramCredentials', () => [deletions, upsertions], { partial: true });
  const failed = answer.results.find((r) => r.errorCode !== 0);
  if (!failed) return;
  const reason = failed.errorMessage ?? protocolErrorsCodesById[failed.errorCode] ?? 'refused';
  const where = change.kind === 'upsert' ? 'body' : 'query';
  switch (protocolErrorsCodesById[failed.errorCode]) {
    case 'RESOURCE_NOT_FOUND': {
      const which = change.kind === 'delete' ? change.mechanisms.join(', ') : '';
      throw missing('query.mechanism', `user '${change.user}' has no ${which} credential`);
    }
    case 'UNACCEPTABLE_CREDENTIAL':
      throw badRequest(`body.${credentialField(reason)}`, reason);
    case 'UNSUPPORTED_SASL_MECHANISM':
      throw badRequest(`${where}.mechanism`, reason);
    case 'UNSUPPORTED_VERSION':
      // The brokers have the API, but the cluster's metadata.version predates SCRAM in KRaft (3.5-IV2).
      throw new AppError(
        'CLUSTER_TOO_OLD',
        `SCRAM users need metadata.version 3.5-IV2 or newer on cluster '${cluster}': ${reason}`,
      );
    default:
      throw refusedBy(failed.errorCode, failed.errorMessage);
  }
}

/** Which part of an upsertion the controller's UNACCEPTABLE_CREDENTIAL message is about. */
function credentialField(reason: string): 'iterations' | 'user' | 'password' {
  if (/iteration/i.test(reason)) return 'iterations';
  if (/user ?name/i.test(reason)) return 'user';
  return 'password';
}

/** A broker error code as the client library raises it, for the one error table (kafka/errors.ts). */
const refusedBy = (code: number, message: string | null | undefined): Error =>
  protocolErrorsCodesById[code]
    ? new ProtocolError(code, message ?? null)
    : conflict(message ?? `Kafka refused the change with error ${code}`);
