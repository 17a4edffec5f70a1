import { MOVE_MAX_RATE, type RedriveBody, type ReplayBody } from '@console/contract';

/** Which records a redrive or replay reads, as the form holds them. */
export type MoveSource = {
  /** Records picked on the Data tab: then the range fields are not used. */
  selection: { partition: number; offset: number }[] | undefined;
  /** Comma-separated partition numbers; empty: all. */
  partitions: string;
  from: Date | null;
  to: Date | null;
  filter: string;
  /** Records a second; empty: as fast as the target takes them. */
  rate: string;
};

export const emptySource = (selection?: MoveSource['selection']): MoveSource => ({
  selection,
  partitions: '',
  from: null,
  to: null,
  filter: '',
  rate: '',
});

export type RedriveTarget = {
  rule: NonNullable<RedriveBody['target']>['rule'];
  header: string;
  topic: string;
  partitioning: 'keep' | 'key';
  keepErrorHeaders: boolean;
};

export const RULE_LABELS: Record<RedriveTarget['rule'], string> = {
  auto: 'The topic its headers name (Kafka Connect or Spring Kafka)',
  connect: "Kafka Connect's __connect.errors.topic header",
  spring: "Spring Kafka's kafka_dlt-original-topic header",
  header: 'The topic named in a header of my choice',
  topic: 'One topic for every record',
};

export type MoveErrors = Partial<Record<'partitions' | 'to' | 'rate' | 'header' | 'topic', string>>;

type SourceBody = Pick<
  RedriveBody,
  'selection' | 'partitions' | 'startTimestamp' | 'endTimestamp' | 'filter' | 'ratePerSecond'
>;

/** The body fields of the source, or the errors naming each bad field. */
export function sourceBody(source: MoveSource): { body: SourceBody; errors: MoveErrors } {
  const errors: MoveErrors = {};
  const body: SourceBody = {};
  if (source.selection) body.selection = source.selection;
  else {
    const parts = source.partitions
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (parts.some((p) => !/^\d+$/.test(p))) errors.partitions = 'Partition numbers, separated by commas';
    else if (parts.length) body.partitions = parts.map(Number);
    if (source.from) body.startTimestamp = source.from.toISOString();
    if (source.to) body.endTimestamp = source.to.toISOString();
    if (source.from && source.to && source.to <= source.from) errors.to = 'Must be after the start';
  }
  if (source.filter.trim()) body.filter = source.filter.trim();
  if (source.rate.trim()) {
    const rate = Number(source.rate);
    if (!Number.isFinite(rate) || rate <= 0 || rate > MOVE_MAX_RATE) {
      errors.rate = `A number of records a second, up to ${MOVE_MAX_RATE.toLocaleString()}`;
    } else body.ratePerSecond = rate;
  }
  return { body, errors };
}

/** A redrive's body and errors. */
export function redriveBody(
  source: MoveSource,
  target: RedriveTarget,
): { body: RedriveBody; errors: MoveErrors } {
  const { body, errors } = sourceBody(source);
  if (target.rule === 'header' && !target.header.trim())
    errors.header = 'Name the header that holds the topic';
  if (target.rule === 'topic' && !target.topic) errors.topic = 'Choose the topic';
  const rule =
    target.rule === 'header'
      ? { rule: target.rule, header: target.header.trim() }
      : target.rule === 'topic'
        ? { rule: target.rule, topic: target.topic }
        : { rule: target.rule };
  return {
    body: {
      ...body,
      target: rule,
      partitioning: target.partitioning,
      keepErrorHeaders: target.keepErrorHeaders,
    },
    errors,
  };
}

/** A replay's body and errors. */
export function replayBody(
  source: MoveSource,
  target: { toCluster: string; toTopic: string; partitioning: 'keep' | 'key' },
): { body: ReplayBody; errors: MoveErrors } {
  const { body, errors } = sourceBody(source);
  if (!target.toTopic) errors.topic = 'Choose the topic';
  return {
    body: {
      ...body,
      toCluster: target.toCluster,
      toTopic: target.toTopic,
      partitioning: target.partitioning,
    },
    errors,
  };
}

export const hasErrors = (errors: MoveErrors) => Object.keys(errors).length > 0;
