import type { Topic, TopicListView } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { type ClusterView, readMetadata } from './metadata.ts';
import { describeTopics, type LogDirSource } from './topic-describe.ts';
import { byName, nameMatcher, shownBy, type TopicNaming } from './topic-naming.ts';

/** Keeps the names a caller may see; the permission patterns plug in here (contract §5, list filtering). */
export type NameFilter = (name: string) => boolean;
const everyName: NameFilter = () => true;

export type TopicPageRequest = {
  search?: string | undefined;
  show: TopicListView;
  /** 1-based; a page past the end is empty. */
  page: number;
  pageSize: number;
  allow?: NameFilter | undefined;
  logDirs?: LogDirSource | undefined;
};

function matchingNames(
  view: ClusterView,
  naming: TopicNaming,
  show: TopicListView,
  search?: string,
  allow = everyName,
) {
  const matches = nameMatcher(search);
  return [...view.topics.keys()]
    .filter((n) => allow(n) && shownBy(show, naming, n) && matches(n))
    .sort(byName);
}

/**
 * One page of the topic list. Names come from one metadata request and are filtered and sorted before
 * anything is described; only the page's topics are then described, together. So a page costs the same
 * few round trips with 100 topics or 10,000.
 */
export async function topicPage(
  admin: Admin,
  naming: TopicNaming,
  request: TopicPageRequest,
): Promise<{ results: Topic[]; total: number; pages: number }> {
  const view = await readMetadata(admin);
  const names = matchingNames(view, naming, request.show, request.search, request.allow);
  const start = (request.page - 1) * request.pageSize;
  const metas = names.slice(start, start + request.pageSize).flatMap((n) => view.topics.get(n) ?? []);
  const results = metas.length ? await describeTopics(admin, view, metas, naming, request.logDirs) : [];
  return { results, total: names.length, pages: Math.ceil(names.length / request.pageSize) };
}

/** Every name `show` keeps, sorted case-insensitively; no paging, no search. */
export async function topicNames(
  admin: Admin,
  naming: TopicNaming,
  show: TopicListView,
  allow?: NameFilter,
): Promise<string[]> {
  return matchingNames(await readMetadata(admin), naming, show, undefined, allow);
}
