/**
 * Kafka Streams' internal topics are named `<application.id>-<name>-changelog`, `…-repartition` (and the
 * foreign-key join topics): the rule `kafka-streams-groups.sh` uses to infer them
 * (StreamsGroupCommand.isInferredInternalTopic), so a classic Streams app is recognised by them too.
 */
const SUFFIXES = [
  '-changelog',
  '-repartition',
  '-subscription-registration-topic',
  '-subscription-response-topic',
];
const FK_JOIN = /-KTABLE-FK-JOIN-SUBSCRIPTION-(REGISTRATION|RESPONSE)-\d+-topic$/;

export const looksInternal = (topic: string) =>
  SUFFIXES.some((s) => topic.endsWith(s)) || FK_JOIN.test(topic);

export const isInternalTopicOf = (topic: string, applicationId: string) =>
  topic.startsWith(`${applicationId}-`) && looksInternal(topic);

/**
 * For each of `applicationIds`, the topics among `topics` that are its internal topics. An internal topic
 * is given to the longest id it starts with, so `app` and `app-2` each keep their own. One pass over the
 * topics, each tried against the `-`-separated prefixes of its name.
 */
export function internalTopicsByApp(
  applicationIds: Iterable<string>,
  topics: Iterable<string>,
): Map<string, string[]> {
  const ids = new Set(applicationIds);
  const found = new Map<string, string[]>();
  for (const topic of topics) {
    if (!looksInternal(topic)) continue;
    const owner = applicationIdOf(topic, ids);
    if (owner !== undefined) found.set(owner, [...(found.get(owner) ?? []), topic]);
  }
  for (const list of found.values()) list.sort();
  return found;
}

/** The longest id in `ids` that `topic` starts with followed by `-`. */
export function applicationIdOf(topic: string, ids: ReadonlySet<string>): string | undefined {
  let owner: string | undefined;
  for (let i = topic.indexOf('-'); i > 0; i = topic.indexOf('-', i + 1)) {
    const prefix = topic.slice(0, i);
    if (ids.has(prefix)) owner = prefix;
  }
  return owner;
}
