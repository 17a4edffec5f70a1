import type { Topic, TopicListView } from '@console/contract';
import type { Admin } from '@platformatic/kafka';
import { readMetadata } from '../../kafka/metadata.ts';
import { describeTopics, type LogDirSource } from './topic-describe.ts';
import { nameMatcher, shownBy, sortedByName, type TopicNaming } from './topic-naming.ts';

/**
 * Keeps the names a caller may see; the permission patterns plug in here (docs/security.md#list-filtering).
 */
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
  /** Orders the filtered names (sorted by name) before paging; by name when absent. */
  arrange?: ((names: string[]) => Promise<string[]>) | undefined;
};

function matchingNames(
  all: readonly string[],
  naming: TopicNaming,
  show: TopicListView,
  search?: string,
  allow = everyName,
) {
  const matches = nameMatcher(search);
  return sortedByName(
    all.filter((n) => allow(n) && shownBy(show, naming, n) && matches(n)),
    (n) => n,
  );
}

/**
 * One page of the topic list. `all` is every topic name of the cluster (see TopicNameCache); they are
 * filtered and sorted before anything is described, and only the page's topics are then read, together:
 * one Metadata request for them, then their offsets and log dirs. So a page costs the same few round
 * trips with 100 topics or 10,000. A name that no longer exists is left out of its page.
 */
export async function topicPage(
  admin: Admin,
  naming: TopicNaming,
  all: readonly string[],
  request: TopicPageRequest,
): Promise<{ results: Topic[]; total: number; pages: number }> {
  const matching = matchingNames(all, naming, request.show, request.search, request.allow);
  const names = request.arrange ? await request.arrange(matching) : matching;
  const start = (request.page - 1) * request.pageSize;
  const onPage = names.slice(start, start + request.pageSize);
  if (!onPage.length)
    return { results: [], total: names.length, pages: Math.ceil(names.length / request.pageSize) };
  const view = await readMetadata(admin, onPage);
  const metas = onPage.flatMap((n) => view.topics.get(n) ?? []);
  const results = metas.length ? await describeTopics(admin, view, metas, naming, request.logDirs) : [];
  return { results, total: names.length, pages: Math.ceil(names.length / request.pageSize) };
}

/** Every name of `all` that `show` keeps, sorted case-insensitively; no paging, no search. */
export function topicNames(
  all: readonly string[],
  naming: TopicNaming,
  show: TopicListView,
  allow?: NameFilter,
): string[] {
  return matchingNames(all, naming, show, undefined, allow);
}
