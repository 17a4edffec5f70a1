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
import { nodeService } from '../../../domain/cluster/node-service.ts';
import { describeQuorum, featureLevels, upgradeFeature } from '../../../domain/cluster/quorum.ts';
import type { Services } from '../../../services.ts';

const tags = ['node'];

export const nodeRoutes: FastifyPluginAsyncZod<Services> = async (app, { config, kafka }) => {
  const nodes = nodeService(config, kafka);

  app.get(
    '/api/:cluster/quorum',
    { schema: { tags, params: ClusterParams, response: { 200: Quorum } } },
    (req) => kafka.run(req.params.cluster, describeQuorum),
  );

  app.get(
    '/api/:cluster/features',
    { schema: { tags, params: ClusterParams, response: { 200: FeatureLevels } } },
    (req) => kafka.run(req.params.cluster, featureLevels),
  );

  app.post(
    '/api/:cluster/features',
    { schema: { tags, params: ClusterParams, body: FeatureUpgrade, response: { 200: FeatureLevels } } },
    (req) => kafka.run(req.params.cluster, (admin) => upgradeFeature(admin, req.body)),
  );

  app.get(
    '/api/:cluster/node',
    { schema: { tags, params: ClusterParams, response: { 200: NodeList } } },
    (req) => nodes.list(req.params.cluster),
  );

  app.get(
    '/api/:cluster/node/partitions',
    { schema: { tags, params: ClusterParams, response: { 200: NodePartitionsList } } },
    // Counted over the topics the caller may read (AKHQ applies the NODE patterns to topic names instead).
    (req) => nodes.partitions(req.params.cluster, req.permissions.allow('TOPIC', 'READ', req.params.cluster)),
  );

  app.get(
    '/api/:cluster/node/:id',
    { schema: { tags, params: NodeParams, response: { 200: Node } } },
    (req) => nodes.get(req.params.cluster, req.params.id),
  );

  app.get(
    '/api/:cluster/node/:id/configs',
    { schema: { tags, params: NodeParams, response: { 200: ConfigList } } },
    (req) => nodes.configs(req.params.cluster, req.params.id),
  );

  app.post(
    '/api/:cluster/node/:id/configs',
    { schema: { tags, params: NodeParams, body: ConfigUpdate, response: { 200: ConfigList } } },
    (req) => nodes.updateConfigs(req.params.cluster, req.params.id, req.body.configs),
  );

  app.get(
    '/api/:cluster/node/:id/logs',
    { schema: { tags, params: NodeParams, response: { 200: LogDirList } } },
    (req) => nodes.logs(req.params.cluster, req.params.id),
  );
};
