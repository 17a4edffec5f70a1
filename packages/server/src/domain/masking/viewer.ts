import type { FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { effectiveGroups } from '../access/roles.ts';
import { MaskingPolicy, type ViewerMasks } from './policy.ts';

const policies = new WeakMap<Config, MaskingPolicy>();

/** The config's masking policy, compiled once per config. */
function policyOf(config: Config): MaskingPolicy {
  let policy = policies.get(config);
  if (!policy) {
    policy = new MaskingPolicy(config.security.masking, config.security.maskingSecret);
    policies.set(config, policy);
  }
  return policy;
}

/**
 * The caller's masks: the rules whose `unmaskedFor` names none of the caller's groups, the default group
 * included (anonymous callers, and everyone while security is off, are in the default group only).
 */
export function viewerMasks(config: Config, req: FastifyRequest): ViewerMasks {
  return policyOf(config).viewer(effectiveGroups(config.security, req.identity?.groups ?? []));
}

/**
 * Where record data would leave unmasked (a copy writes the source's bytes as they are; ksqlDB reads
 * topics itself), a masked caller is refused rather than served clear data.
 */
export function refuseMasked(masked: boolean, what: string): void {
  if (masked)
    throw new AppError(
      'FORBIDDEN',
      `Refused: ${what} would show records that security.masking masks for you`,
    );
}
