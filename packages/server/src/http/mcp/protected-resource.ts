import type { FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config/schema.ts';
import { publicUrlOf } from '../auth/login/public-address.ts';

/** Where the metadata is served below basePath: RFC 9728's path for the resource `mcp`, and its root form. */
export const METADATA_PATHS = [
  '.well-known/oauth-protected-resource/mcp',
  '.well-known/oauth-protected-resource',
];

/** The MCP endpoint's URL: the protected resource's identifier. */
export const resourceUrl = (request: FastifyRequest, config: Config) => publicUrlOf(request, config, 'mcp');

/** The challenge of a 401 from the MCP endpoint (MCP authorization; RFC 9728 §5.1). */
export const challenge = (request: FastifyRequest, config: Config) =>
  `Bearer resource_metadata="${publicUrlOf(request, config, METADATA_PATHS[0] as string)}"`;

/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728) of the MCP endpoint: the OIDC providers whose access
 * tokens it takes (`accessTokens`) are its authorization servers (their issuers), tokens go in the
 * `Authorization` header.
 */
export function protectedResource(request: FastifyRequest, config: Config) {
  const configured = config.security.enabled ? Object.values(config.security.oidc?.providers ?? {}) : [];
  const providers = configured.filter((p) => p.accessTokens !== undefined);
  const scopes = [...new Set(providers.flatMap((p) => p.scopes))];
  return {
    resource: resourceUrl(request, config),
    resource_name: 'Kafka console MCP server',
    ...(providers.length ? { authorization_servers: providers.map((p) => p.issuer) } : {}),
    ...(scopes.length ? { scopes_supported: scopes } : {}),
    bearer_methods_supported: ['header'],
  };
}
