/**
 * Does a live tail over 256 mostly idle partitions (4 topics of 64) deliver every record? TOTAL (default 750)
 * records at 50/s into partition 0 of each topic, each numbered, through a console started with
 * `topicData.fetchSessions` MODE (default true); prints how many came, which are missing, how late.
 *
 *   pnpm build && MODE=true node tests/bench/fetch-sessions/every-record.ts
 */
import { readFileSync } from 'node:fs';
import { Producer } from '@platformatic/kafka';
import { consoleConfigFile, envFile } from '../../stack/paths.ts';
import { startConsoleProcess } from '../../support/console-process.ts';

for (const line of readFileSync(envFile, 'utf8').split('\n')) {
  const [key, value] = line.split('=');
  if (key && value) process.env[key] = value;
}
const { testKafka } = await import('../../support/kafka.ts');
const { sseMessages, waitForTopic } = await import('../../support/records.ts');
const mode = process.env.MODE ?? 'true';
const server = await startConsoleProcess(consoleConfigFile, { CONSOLE_TOPIC_DATA__FETCH_SESSIONS: mode });
const kafka = testKafka();
const topics = await Promise.all(Array.from({ length: 4 }, () => kafka.createTopic(64)));
for (const t of topics) await waitForTopic(kafka.admin, t, 64);
const got = new Map<number, number>();
const leave = new AbortController();
let ready = false;
const reader = (async () => {
  try {
    const res = await fetch(
      `${server.url}/api/local/tail/sse?${topics.map((t) => `topics=${t}`).join('&')}&size=50`,
      { signal: leave.signal },
    );
    for await (const m of sseMessages(res)) {
      ready = true;
      for (const r of (m.data as { records?: { value: string; timestamp: string }[] }).records ?? []) {
        const n = JSON.parse(r.value).n as number;
        got.set(n, Date.now() - Date.parse(r.timestamp));
      }
    }
  } catch {
    // the check ended
  }
})();
while (!ready) await new Promise((r) => setTimeout(r, 50));
const producer = new Producer({
  clientId: 'bench-every-record',
  bootstrapBrokers: [process.env.KAFKA_BOOTSTRAP ?? ''],
});
const TOTAL = Number(process.env.TOTAL ?? 750);
for (let n = 0; n < TOTAL; n++) {
  await producer.send({
    messages: [{ topic: topics[n % 4] ?? '', partition: 0, value: Buffer.from(JSON.stringify({ n })) }],
  });
  await new Promise((r) => setTimeout(r, 20));
}
await new Promise((r) => setTimeout(r, 5000));
leave.abort();
await reader;
const missing = Array.from({ length: TOTAL }, (_, i) => i).filter((i) => !got.has(i));
const late = [...got.values()].filter((ms) => ms > 1000).length;
console.log(
  `mode ${mode}: got ${got.size} of ${TOTAL}, missing ${missing.length} (${missing.slice(0, 10).join(',')}), over 1 s late ${late}, max ${Math.max(...got.values())} ms`,
);
await producer.close();
server.stop();
await kafka.cleanup();
process.exit(0);
