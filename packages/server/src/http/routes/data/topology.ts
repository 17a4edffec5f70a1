import { ClusterParams, Topology, TopologyQuery } from '@console/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../../services.ts';

const tags = ['topology'];

export const topologyRoutes: FastifyPluginAsyncZod<Services> = async (app, { topology }) => {
  app.get(
    '/api/:cluster/topology',
    {
      config: {
        access: {
          resource: 'TOPIC',
          action: 'READ',
          check: [{ in: 'query', key: 'topic' }],
          handled: {
            'query.node': 'the start node is shown only when its kind’s READ allows it (docs/topology.md)',
            'query.q': 'search text: only the matching nodes the caller may see start the map',
            answer: 'each node filtered by its kind’s READ; a hidden node goes with its edges',
          },
        },
        operation: {
          operationId: 'getTopology',
          tool: 'read',
          summary: 'What reads and writes a topic: the data-flow map around a topic, a node or a search',
        },
      },
      schema: { tags, params: ClusterParams, querystring: TopologyQuery, response: { 200: Topology } },
    },
    (req) => topology.map(req.params.cluster, req.query, req.permissions),
  );
};
