import type { AclBindingCreate } from '@console/contract';

export type AclTemplateKind = 'producer' | 'consumer' | 'streams' | 'single';

export type AclTemplateValues = {
  principal: string;
  host: string;
  /** Comma- or space-separated topic names. */
  topics: string;
  outputTopics: string;
  group: string;
  transactionalId: string;
  /** The one binding of the `single` template. */
  resourceType: AclBindingCreate['resourceType'];
  resourceName: string;
  patternType: AclBindingCreate['patternType'];
  operation: AclBindingCreate['operation'];
  permissionType: AclBindingCreate['permissionType'];
};

export const templateLabels: Record<AclTemplateKind, string> = {
  producer: 'Producer for topic(s)',
  consumer: 'Consumer for topic(s) and group',
  streams: 'Kafka Streams application',
  single: 'One binding',
};

const names = (text: string) => [...new Set(text.split(/[\s,]+/).filter(Boolean))];

/**
 * The bindings each template needs, as Kafka's security documentation lists them: a producer writes and
 * describes its topics (and its transactional id, if it has one); a consumer reads and describes its
 * topics and reads its group; a Streams application reads its input, writes its output, owns every
 * topic, group and transactional id prefixed by its application.id (internal topics, exactly-once).
 */
export function templateBindings(kind: AclTemplateKind, v: AclTemplateValues): AclBindingCreate[] {
  const allow = (
    resourceType: AclBindingCreate['resourceType'],
    resourceName: string,
    operation: AclBindingCreate['operation'],
    patternType: AclBindingCreate['patternType'] = 'LITERAL',
  ): AclBindingCreate => ({
    principal: v.principal.trim(),
    host: v.host.trim() || '*',
    resourceType,
    resourceName,
    patternType,
    operation,
    permissionType: 'ALLOW',
  });
  const topics = names(v.topics);
  switch (kind) {
    case 'producer': {
      const id = v.transactionalId.trim();
      return [
        ...topics.flatMap((t) => [allow('TOPIC', t, 'WRITE'), allow('TOPIC', t, 'DESCRIBE')]),
        ...(id ? [allow('TRANSACTIONAL_ID', id, 'WRITE'), allow('TRANSACTIONAL_ID', id, 'DESCRIBE')] : []),
      ];
    }
    case 'consumer': {
      const group = v.group.trim();
      return [
        ...topics.flatMap((t) => [allow('TOPIC', t, 'READ'), allow('TOPIC', t, 'DESCRIBE')]),
        ...(group ? [allow('GROUP', group, 'READ')] : []),
      ];
    }
    case 'streams': {
      const app = v.group.trim();
      if (!app) return [];
      return [
        ...topics.map((t) => allow('TOPIC', t, 'READ')),
        ...names(v.outputTopics).map((t) => allow('TOPIC', t, 'WRITE')),
        allow('TOPIC', app, 'ALL', 'PREFIXED'),
        allow('GROUP', app, 'READ'),
        allow('TRANSACTIONAL_ID', app, 'WRITE', 'PREFIXED'),
        allow('TRANSACTIONAL_ID', app, 'DESCRIBE', 'PREFIXED'),
      ];
    }
    case 'single':
      return v.resourceName.trim()
        ? [
            {
              ...allow(v.resourceType, v.resourceName.trim(), v.operation, v.patternType),
              permissionType: v.permissionType,
            },
          ]
        : [];
  }
}

export const initialTemplateValues: AclTemplateValues = {
  principal: 'User:',
  host: '*',
  topics: '',
  outputTopics: '',
  group: '',
  transactionalId: '',
  resourceType: 'TOPIC',
  resourceName: '',
  patternType: 'LITERAL',
  operation: 'READ',
  permissionType: 'ALLOW',
};
