/**
 * The Apache Kafka release of a Connect worker from the version its `GET /` reports: Apache's own
 * ("3.4.1") or Confluent Platform's ("7.4.0-ccs"), whose majors map onto Apache releases (CP 5.x is
 * 2.x, CP 6.0–6.2 is 2.6–2.8, CP 7.x is 3.x, CP 8.x is 4.x). Undefined when it is neither.
 */
export function kafkaRelease(version: string): [major: number, minor: number] | undefined {
  const match = /^(\d+)\.(\d+)(?:\.\d+)?(-c[a-z]+)?/.exec(version);
  if (!match) return undefined;
  const major = Number(match[1]);
  const minor = Number(match[2]);
  if (!match[3] || major < 5) return [major, minor];
  if (major === 5) return [2, minor];
  if (major === 6) return [2, minor + 6];
  return [major - 4, minor];
}

/** Whether `version` is at least the Apache release `needed` ("3.5"); undefined when it cannot tell. */
export function atLeast(version: string, needed: string): boolean | undefined {
  const have = kafkaRelease(version);
  const want = kafkaRelease(needed);
  if (!have || !want) return undefined;
  return have[0] !== want[0] ? have[0] > want[0] : have[1] >= want[1];
}
