import { productName } from '../../../lib/product-name';

// Document titles by the path's area, then the product name: `Topics | Kafka Console`.
const areaTitles: Record<string, string> = {
  overview: 'Overview',
  insights: 'Insights',
  node: 'Nodes',
  nodes: 'Nodes',
  topic: 'Topics',
  tail: 'Live Tail',
  'data-flow': 'Data flow',
  group: 'Consumer Groups',
  acls: 'Acls',
  quotas: 'Quotas',
  transactions: 'Transactions',
  schema: 'Schema Registry',
  connect: 'Connect',
  ksqldb: 'KsqlDB',
  audit: 'Audit',
  settings: 'Settings',
};

const topLevelTitles: Record<string, string> = { login: 'Login', 'page-not-found': 'Page not found' };

/** Document title for a router path such as `/local/topic/orders/data`. */
export function documentTitle(pathname: string): string {
  const [first, area] = pathname.split('/').filter(Boolean);
  const name = (first && topLevelTitles[first]) ?? (area && areaTitles[area]);
  return name ? `${name} | ${productName}` : productName;
}
