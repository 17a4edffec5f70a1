import {
  ClusterParams,
  ConfigList,
  ConfigUpdate,
  FeatureLevels,
  FeatureUpgrade,
  LogDirList,
  Node,
  NodeList,
  NodeParams,
  NodePartitionsList,
  Quorum,
} from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../../services.ts';

const tags = ['node'];

export const nodeRoutes: FastifyPluginAsyncZod<Services> = async (app, { nodes, cluster }) => {
  app.get(
    '/api/:cluster/quorum',
    {
      config: {
        access: { resource: 'NODE', action: 'READ' },
        operation: {
          operationId: 'getQuorum',
          tool: 'read',
          summary: "The KRaft quorum: leader, epoch, high watermark, voters' and observers' lag",
        },
      },
      schema: { tags, params: ClusterParams, response: { 200: Quorum } },
    },
    (req) => cluster.quorum(req.params.cluster),
  );

  app.get(
    '/api/:cluster/features',
    {
      config: {
        access: { resource: 'NODE', action: 'READ' },
        operation: {
          operationId: 'getFeatureLevels',
          tool: 'read',
          summary: "Each feature's finalized level and the levels the brokers support",
        },
      },
      schema: { tags, params: ClusterParams, response: { 200: FeatureLevels } },
    },
    (req) => cluster.features(req.params.cluster),
  );

  app.post(
    '/api/:cluster/features',
    {
      config: {
        access: {
          resource: 'NODE',
          action: 'UPDATE',
          handled: { 'body.feature': 'a cluster-wide feature name, not an object with patterns' },
        },
        operation: {
          operationId: 'upgradeFeature',
          tool: 'write',
          summary: "Raise a feature's level, or only validate it (dryRun, the default)",
        },
      },
      schema: { tags, params: ClusterParams, body: FeatureUpgrade, response: { 200: FeatureLevels } },
    },
    (req) => cluster.upgradeFeature(req.params.cluster, req.body),
  );

  app.get(
    '/api/:cluster/node',
    {
      config: {
        access: { resource: 'NODE', action: 'READ' },
        operation: { operationId: 'listNodes', tool: 'read', summary: 'Brokers and the controller' },
      },
      schema: { tags, params: ClusterParams, response: { 200: NodeList } },
    },
    (req) => nodes.list(req.params.cluster),
  );

  app.get(
    '/api/:cluster/node/partitions',
    {
      config: {
        access: { resource: 'NODE', action: 'READ' },
        operation: {
          operationId: 'listNodePartitions',
          tool: 'read',
          summary: 'Partition and leader counts per broker',
        },
      },
      schema: { tags, params: ClusterParams, response: { 200: NodePartitionsList } },
    },
    // Counted over the topics the caller may read (AKHQ applies the NODE patterns to topic names instead).
    (req) => nodes.partitions(req.params.cluster, req.permissions.allow('TOPIC', 'READ', req.params.cluster)),
  );

  app.get(
    '/api/:cluster/node/:id',
    {
      config: {
        access: { resource: 'NODE', action: 'READ' },
        operation: { operationId: 'getNode', tool: 'read', summary: 'One broker' },
      },
      schema: { tags, params: NodeParams, response: { 200: Node } },
    },
    (req) => nodes.get(req.params.cluster, req.params.id),
  );

  app.get(
    '/api/:cluster/node/:id/configs',
    {
      config: {
        access: { resource: 'NODE', action: 'READ_CONFIG' },
        operation: { operationId: 'getNodeConfigs', tool: 'read', summary: "A broker's configs" },
      },
      schema: { tags, params: NodeParams, response: { 200: ConfigList } },
    },
    (req) => nodes.configs(req.params.cluster, req.params.id),
  );

  app.post(
    '/api/:cluster/node/:id/configs',
    {
      config: {
        access: {
          resource: 'NODE',
          action: 'ALTER_CONFIG',
          handled: { 'body.configs': 'broker configs: values, not names' },
        },
        operation: {
          operationId: 'updateNodeConfigs',
          tool: 'write',
          summary: 'Change the listed configs of a broker',
        },
      },
      schema: { tags, params: NodeParams, body: ConfigUpdate, response: { 200: ConfigList } },
    },
    (req) => nodes.updateConfigs(req.params.cluster, req.params.id, req.body.configs),
  );

  app.get(
    '/api/:cluster/node/:id/logs',
    {
      config: {
        access: { resource: 'NODE', action: 'READ' },
        operation: {
          operationId: 'listNodeLogDirs',
          tool: 'read',
          summary: "A broker's log directories",
        },
      },
      schema: { tags, params: NodeParams, response: { 200: LogDirList } },
    },
    (req) => nodes.logs(req.params.cluster, req.params.id),
  );
};
