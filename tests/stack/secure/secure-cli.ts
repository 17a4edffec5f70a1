// `stack:up --secure`: the secured broker and its token issuer, reused while both answer; prints where
// the console configs are. `stack:down` stops it (downSecure) before the main stack.
import { withLock } from '../lock.ts';
import {
  readSecure,
  type SecureState,
  saveSecure,
  secureAnswers,
  startSecure,
  stopSecure,
} from './secure-stack.ts';

function timed(): (line: string) => void {
  const start = performance.now();
  return (line) => console.log(`[${((performance.now() - start) / 1000).toFixed(1).padStart(5)}s] ${line}`);
}

export function describeSecure(state: SecureState): string {
  const { ports } = state;
  return [
    `secure listeners: SSL 127.0.0.1:${ports.ssl}, MTLS 127.0.0.1:${ports.mtls}, SASL_SSL 127.0.0.1:${ports.saslSsl}, OAUTH 127.0.0.1:${ports.oauth}, EXPIRED 127.0.0.1:${ports.expired}`,
    `token endpoint: http://127.0.0.1:${ports.issuer}/token`,
    'console configs:',
    ...state.consoleConfigs.map((file) => `  ${file}`),
  ].join('\n');
}

export async function upSecure(): Promise<string> {
  const log = timed();
  return withLock(log, async () => {
    const previous = readSecure();
    if (previous && (await secureAnswers(previous))) {
      // Started by a test run, now wanted by a person: it stays until `stack:down`.
      const state = { ...previous, startedBy: 'cli' as const };
      saveSecure(state);
      log(
        `secure broker reused (kafka ${state.processes.kafka?.pid}, issuer ${state.processes.issuer?.pid})`,
      );
      return describeSecure(state);
    }
    const state = await startSecure(log, 'cli');
    log('secure broker up');
    return describeSecure(state);
  });
}

/** Stops the secured broker; takes the lock itself. */
export async function downSecure(): Promise<void> {
  await withLock(console.log, () => stopSecure(console.log));
}
