import {
  AccessControlList,
  ClusterParams,
  ConfigList,
  ConfigUpdate,
  ConsumerGroupList,
  LogDirList,
  OffsetsStartQuery,
  PartitionList,
  PartitionsIncrease,
  TimeOffsetList,
  Topic,
  TopicCreate,
  TopicGroupsQuery,
  TopicList,
  TopicListQuery,
  TopicNames,
  TopicNamesQuery,
  TopicParams,
  TopicRate,
  TopicRateQuery,
  TopicsQuery,
  TopicsTraffic,
  timeOf,
} from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { topicFilter, visibleGroup } from '../../../domain/access/visible-groups.ts';
import { badRequest } from '../../../platform/errors.ts';
import type { Services } from '../../../services.ts';
import { GROUP_LIST } from '../../auth/access-notes.ts';
import { sendIndexAge } from '../../index-age.ts';

const tags = ['topic'];
const DAY_MS = 86_400_000;
/** Topics one traffic request names at most: a page of the topic list. */
const MAX_TRAFFIC_TOPICS = 100;

export const topicRoutes: FastifyPluginAsyncZod<Services> = async (app, { topics, traffic }) => {
  app.get(
    '/api/:cluster/topic',
    {
      config: {
        access: {
          resource: 'TOPIC',
          action: 'READ',
          handled: { answer: 'topics filtered by TOPIC READ patterns' },
        },
        operation: { operationId: 'listTopics', tool: 'read', summary: 'Topics, one page, filtered by name' },
      },
      schema: { tags, params: ClusterParams, querystring: TopicListQuery, response: { 200: TopicList } },
    },
    (req) =>
      topics.list(
        req.params.cluster,
        req.query,
        req.url,
        req.permissions.allow('TOPIC', 'READ', req.params.cluster),
      ),
  );

  app.get(
    '/api/:cluster/topic/name',
    {
      config: {
        access: { resource: 'TOPIC', action: 'READ' },
        operation: { operationId: 'listTopicNames', tool: 'read', summary: 'Every topic name' },
      },
      schema: { tags, params: ClusterParams, querystring: TopicNamesQuery, response: { 200: TopicNames } },
    },
    (req) =>
      topics.names(
        req.params.cluster,
        req.query.show,
        req.permissions.allow('TOPIC', 'READ', req.params.cluster),
      ),
  );

  app.get(
    '/api/:cluster/topic/traffic',
    {
      config: {
        access: {
          resource: 'TOPIC',
          action: 'READ',
          check: [{ in: 'query', key: 'topics' }],
        },
        operation: {
          operationId: 'getTopicsTraffic',
          tool: 'read',
          summary: 'Records written to each named topic in each of the last 24 hours',
        },
      },
      schema: { tags, params: ClusterParams, querystring: TopicsQuery, response: { 200: TopicsTraffic } },
    },
    async (req) => {
      if (req.query.topics.length > MAX_TRAFFIC_TOPICS) {
        throw badRequest('querystring.topics', `at most ${MAX_TRAFFIC_TOPICS} topics a request`);
      }
      return traffic.lastDay(req.params.cluster, req.query.topics);
    },
  );

  app.post(
    '/api/:cluster/topic',
    {
      config: {
        access: {
          resource: 'TOPIC',
          action: 'CREATE',
          check: [{ in: 'body', key: 'name' }],
          handled: { 'body.configs': 'topic configs: values, not names' },
        },
        operation: { operationId: 'createTopic', tool: 'write', summary: 'Create a topic' },
      },
      schema: { tags, params: ClusterParams, body: TopicCreate, response: { 200: Topic } },
    },
    (req) => topics.create(req.params.cluster, req.body),
  );

  app.get(
    '/api/:cluster/topic/:topic',
    {
      config: {
        access: { resource: 'TOPIC', action: 'READ' },
        operation: { operationId: 'getTopic', tool: 'read', summary: 'One topic' },
      },
      schema: { tags, params: TopicParams, response: { 200: Topic } },
    },
    (req) => topics.describe(req.params.cluster, req.params.topic),
  );

  app.delete(
    '/api/:cluster/topic/:topic',
    {
      config: {
        access: { resource: 'TOPIC', action: 'DELETE' },
        operation: { operationId: 'deleteTopic', tool: 'destructive', summary: 'Delete a topic' },
      },
      schema: { tags, params: TopicParams, response: { 204: z.void() } },
    },
    async (req, reply) => {
      await topics.delete(req.params.cluster, req.params.topic);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/:cluster/topic/:topic/partitions',
    {
      config: {
        access: { resource: 'TOPIC', action: 'READ' },
        operation: {
          operationId: 'listTopicPartitions',
          tool: 'read',
          summary: "A topic's partitions: leaders, replicas, offsets",
        },
      },
      schema: { tags, params: TopicParams, response: { 200: PartitionList } },
    },
    (req) => topics.partitions(req.params.cluster, req.params.topic),
  );

  app.post(
    '/api/:cluster/topic/:topic/partitions',
    {
      config: {
        access: { resource: 'TOPIC', action: 'UPDATE' },
        operation: {
          operationId: 'increaseTopicPartitions',
          tool: 'write',
          summary: "Raise a topic's partition count",
        },
      },
      schema: { tags, params: TopicParams, body: PartitionsIncrease, response: { 202: z.void() } },
    },
    async (req, reply) => {
      await topics.increasePartitions(req.params.cluster, req.params.topic, req.body.partition);
      return reply.code(202).send();
    },
  );

  app.get(
    '/api/:cluster/topic/:topic/rate',
    {
      config: {
        access: { resource: 'TOPIC', action: 'READ' },
        operation: {
          operationId: 'getTopicRate',
          tool: 'read',
          summary: "Records written per time bucket, counted from the topic's time index",
        },
      },
      schema: { tags, params: TopicParams, querystring: TopicRateQuery, response: { 200: TopicRate } },
    },
    (req) => {
      const { from, buckets } = req.query;
      const to = req.query.to ? timeOf(req.query.to) : Date.now();
      const start = from === 'earliest' ? ('earliest' as const) : from ? timeOf(from) : to - DAY_MS;
      const window = { from: start, to, buckets };
      return traffic.rate(req.params.cluster, req.params.topic, window);
    },
  );

  app.get(
    '/api/:cluster/topic/:topic/configs',
    {
      config: {
        access: { resource: 'TOPIC', action: 'READ_CONFIG' },
        operation: { operationId: 'getTopicConfigs', tool: 'read', summary: "A topic's configs" },
      },
      schema: { tags, params: TopicParams, response: { 200: ConfigList } },
    },
    (req) => topics.configs(req.params.cluster, req.params.topic),
  );

  app.post(
    '/api/:cluster/topic/:topic/configs',
    {
      config: {
        access: {
          resource: 'TOPIC',
          action: 'ALTER_CONFIG',
          handled: { 'body.configs': 'topic configs: values, not names' },
        },
        operation: {
          operationId: 'updateTopicConfigs',
          tool: 'write',
          summary: 'Change the listed configs of a topic',
        },
      },
      schema: { tags, params: TopicParams, body: ConfigUpdate, response: { 200: ConfigList } },
    },
    (req) => topics.updateConfigs(req.params.cluster, req.params.topic, req.body.configs),
  );

  app.get(
    '/api/:cluster/topic/:topic/groups',
    {
      config: {
        access: {
          resource: 'CONSUMER_GROUP',
          action: 'READ',
          check: [{ in: 'param', key: 'topic', resource: 'TOPIC', action: 'READ' }],
          handled: { answer: GROUP_LIST },
        },
        operation: {
          operationId: 'listTopicGroups',
          tool: 'read',
          summary: 'Consumer groups with offsets on a topic',
        },
      },
      schema: {
        tags,
        params: TopicParams,
        querystring: TopicGroupsQuery,
        response: { 200: ConsumerGroupList },
      },
    },
    async (req, reply) => {
      const allow = topicFilter(req);
      const found = await topics.groups(req.params.cluster, req.params.topic, req.query.groupsListView);
      sendIndexAge(reply, found);
      return req.permissions
        .filter('CONSUMER_GROUP', 'READ', req.params.cluster, found.groups, (g) => g.id)
        .map((g) => visibleGroup(g, allow));
    },
  );

  app.get(
    '/api/:cluster/topic/:topic/logs',
    {
      config: {
        access: { resource: 'TOPIC', action: 'READ' },
        operation: {
          operationId: 'listTopicLogDirs',
          tool: 'read',
          summary: "Log directories holding a topic's partitions",
        },
      },
      schema: { tags, params: TopicParams, response: { 200: LogDirList } },
    },
    (req) => topics.logs(req.params.cluster, req.params.topic),
  );

  app.get(
    '/api/:cluster/topic/:topic/acls',
    {
      config: {
        access: { resource: 'TOPIC', action: 'READ' },
        operation: { operationId: 'listTopicAcls', tool: 'read', summary: 'ACLs that name a topic' },
      },
      schema: { tags, params: TopicParams, response: { 200: AccessControlList } },
    },
    (req) => topics.acls(req.params.cluster, req.params.topic),
  );

  app.get(
    '/api/:cluster/topic/:topic/offsets/start',
    {
      config: {
        access: { resource: 'TOPIC_DATA', action: 'READ' },
        operation: {
          operationId: 'getTopicOffsetsAt',
          tool: 'read',
          summary: "Each partition's first offset at or after a time",
        },
      },
      schema: {
        tags,
        params: TopicParams,
        querystring: OffsetsStartQuery,
        response: { 200: TimeOffsetList },
      },
    },
    (req) => topics.offsetsAt(req.params.cluster, req.params.topic, req.query.timestamp),
  );
};
