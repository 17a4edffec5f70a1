import type { Topology } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../auth/cluster-context';
import { type FlowStart, topologyQuery } from './api';
import './topology.css';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 groups and 1 connector read this topic; 2 producers write it", from the map at depth 1. */
export function topicImpact(map: Topology, topic: string): string {
  const id = `topic:${topic}`;
  const readers = map.edges.filter((e) => e.from === id).map((e) => map.nodes.find((n) => n.id === e.to));
  const writers = map.edges.filter((e) => e.to === id).map((e) => map.nodes.find((n) => n.id === e.from));
  const groups = readers.filter((n) => n?.kind.endsWith('group')).length;
  const connectors = readers.filter((n) => n?.kind === 'connector').length;
  const queries = readers.filter((n) => n?.kind === 'ksqldb-query').length;
  const parts = [
    groups ? count(groups, 'group') : '',
    connectors ? count(connectors, 'connector') : '',
    queries ? count(queries, 'ksqlDB query', 'ksqlDB queries') : '',
  ].filter(Boolean);
  const total = groups + connectors + queries;
  const read = parts.length
    ? `${parts.join(' and ')} ${total === 1 ? 'reads' : 'read'} this topic`
    : 'Nothing you may see reads this topic';
  const write = writers.length
    ? `${count(writers.length, 'writer')} ${writers.length === 1 ? 'writes' : 'write'} it`
    : 'no writer Kafka knows of writes it';
  return `${read}; ${write}.`;
}

/** For a group: the topics it reads. */
export function groupImpact(map: Topology, group: string): string {
  const topics = map.edges.filter((e) => e.to === `consumer-group:${group}`).length;
  return topics ? `This group reads ${count(topics, 'topic')}.` : 'This group reads no topic you may see.';
}

/** What a destructive dialog shows first: who reads and writes the object, from the data-flow map. */
export function FlowImpact({ cluster, topic, group }: { cluster: string; topic?: string; group?: string }) {
  const start: FlowStart = topic !== undefined ? { topic } : { node: `consumer-group:${group ?? ''}` };
  // The map needs TOPIC READ: without it the dialog just says nothing (no refusal, no toast).
  const enabled = useCan('TOPIC', 'READ');
  const map = useQuery({ ...topologyQuery(cluster, start, 1), retry: false, enabled });
  if (!map.data) return null;
  const text = topic !== undefined ? topicImpact(map.data, topic) : groupImpact(map.data, group ?? '');
  return (
    <p className="flow-impact" role="note">
      {text}
    </p>
  );
}
