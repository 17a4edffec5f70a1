// Readiness of the secured broker and its token issuer. The broker's internal listener wants a SASL
// login before Metadata, which the stack's raw probe (kafka-probe.ts) does not speak, so this one is a
// real client: @platformatic/kafka as User:admin with PLAIN.
import { Admin } from '@platformatic/kafka';
import { USERS } from './settings.ts';

export async function secureKafkaAnswers(bootstrap: string): Promise<boolean> {
  const admin = new Admin({
    clientId: 'secure-stack-probe',
    bootstrapBrokers: [bootstrap],
    sasl: { mechanism: 'PLAIN', username: USERS.admin.name, password: USERS.admin.password },
    retries: 0,
    timeout: 3000,
  });
  try {
    const metadata = await admin.metadata({ topics: [] });
    return metadata.brokers.size > 0;
  } catch {
    return false;
  } finally {
    await admin.close().catch(() => undefined);
  }
}

export async function issuerAnswers(jwksUrl: string): Promise<boolean> {
  try {
    const response = await fetch(jwksUrl, { signal: AbortSignal.timeout(3000) });
    const body = (await response.json()) as { keys?: unknown[] };
    return response.ok && (body.keys?.length ?? 0) > 0;
  } catch {
    return false;
  }
}
