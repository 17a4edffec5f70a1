/**
 * AWS MSK IAM (`sasl.mechanism: AWS_MSK_IAM`, or OAUTHBEARER with AWS's MSK login handler): OAUTHBEARER
 * with the token AWS's own signer makes (aws-msk-iam-sasl-signer-js: a SigV4-presigned
 * `kafka-cluster:Connect` URL), which MSK's IAM listeners accept. Credentials come from the default AWS
 * chain (environment, profile, SSO, web identity, container or instance role), or the JAAS line's
 * `awsProfileName` / `awsRoleArn` (+ `awsRoleSessionName`) as the Java IAMLoginModule takes them.
 * The signer (with the AWS SDK it brings) loads on first use only. Checked without AWS: msk-iam.test.ts.
 */
import type { SASLOptions } from '@platformatic/kafka';
import { TokenError } from '../../../platform/credentials/oauth-token.ts';
import { PropertyError } from '../property-error.ts';
import type { Jaas } from './jaas.ts';

type Props = Readonly<Record<string, string>>;

/** MSK's broker names carry the region: b-1.prod.abc123.c2.kafka.eu-west-1.amazonaws.com. */
function regionOf(props: Props): string {
  const fromEnv = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (fromEnv) return fromEnv;
  for (const server of (props['bootstrap.servers'] ?? '').split(',')) {
    const labels = server.trim().split(':')[0]?.split('.') ?? [];
    const at = labels.findIndex((l) => l === 'kafka' || l === 'kafka-serverless');
    if (at >= 0 && labels[at + 2] === 'amazonaws') return labels[at + 1] as string;
  }
  throw new PropertyError(
    'bootstrap.servers',
    'AWS MSK IAM needs the AWS region: no MSK broker name (…kafka.<region>.amazonaws.com) here, and AWS_REGION is not set',
  );
}

export function mskIamSasl(props: Props, jaas: Jaas | undefined): SASLOptions {
  const region = regionOf(props);
  const options = jaas?.options ?? {};
  let held: { token: string; renewAt: number } | undefined;
  const token = async (): Promise<string> => {
    if (held && Date.now() < held.renewAt) return held.token;
    const signer = await import('aws-msk-iam-sasl-signer-js');
    const started = Date.now();
    try {
      const made = options.awsRoleArn
        ? await signer.generateAuthTokenFromRole({
            region,
            awsRoleArn: options.awsRoleArn,
            ...(options.awsRoleSessionName ? { awsRoleSessionName: options.awsRoleSessionName } : {}),
          })
        : options.awsProfileName
          ? await signer.generateAuthTokenFromProfile({ region, awsProfileName: options.awsProfileName })
          : await signer.generateAuthToken({ region });
      held = { token: made.token, renewAt: started + (made.expiryTime - started) * 0.8 };
      return made.token;
    } catch (error) {
      throw new TokenError(`AWS MSK IAM could not sign a token in ${region}: ${(error as Error).message}`);
    }
  };
  return { mechanism: 'OAUTHBEARER', token };
}
