import type { InsightCheck, InsightList, InsightsQuery } from '@console/contract';
import { brokerSizes } from '../../kafka/log-dirs.ts';
import { readMetadata } from '../../kafka/metadata.ts';
import type { KafkaPool } from '../../kafka/pool.ts';
import type { Config } from '../../platform/config/schema.ts';
import type { GroupIndexes } from '../groups/group-indexes.ts';
import type { LagHistoryService } from '../lag/service.ts';
import { pageOf } from '../paging.ts';
import { topicNaming } from '../topics/topic-naming.ts';
import { TtlMemo } from '../topics/ttl-memo.ts';
import { byImportance, type CheckResult, failed, ran, skipped } from './finding.ts';
import { lagGrowingFindings, offsetsExpiringFindings } from './groups.ts';
import { KeptAnswer } from './kept-answer.ts';
import { replicationFindings } from './replication.ts';
import { leaderSkewFindings, sizeSkewFindings } from './skew.ts';
import { offsetsRetentionMinutes, topicSettings } from './topic-configs.ts';
import { unusedTopicFindings } from './unused.ts';
import { forCaller, type InsightsAccess, visibleTo } from './visibility.ts';

export type { InsightsAccess } from './visibility.ts';

/**
 * Findings are computed at most once per this long per cluster (and `unusedDays`), shared by every caller;
 * past it, callers get the kept findings while new ones are computed, up to FINDINGS_MAX_AGE_MS.
 */
const FINDINGS_TTL_MS = 30_000;
const FINDINGS_MAX_AGE_MS = 5 * 60_000;
/** Topic settings change rarely and cost a DescribeConfigs per 500 topics: kept longer. */
const SETTINGS_TTL_MS = 60_000;
/** How long an answer waits for a replica that just started to read the lag history written before it. */
const LAG_READY_MS = 2_000;

type Computed = CheckResult & { at: number; indexBuiltAt: number | undefined };

const value = <T>(s: PromiseSettledResult<T>): T | undefined =>
  s.status === 'fulfilled' ? s.value : undefined;

/**
 * The Insights answer (docs/insights.md): every check over the whole cluster at most once per 30 s,
 * then per caller only what their rights show, filtered and paged. A computation costs one Metadata
 * request, a DescribeConfigs per 500 topics, a DescribeLogDirs per broker, one DescribeConfigs of a
 * broker, the group index (kept in the background, shared with the group screens), and ListOffsets
 * rounds over the topics no group reads; the lag check reads the lag history in memory. Nothing is
 * asked per topic or per group.
 */
export function insightsService(
  config: Config,
  pool: KafkaPool,
  indexes: GroupIndexes,
  lag: LagHistoryService,
) {
  const naming = topicNaming(config);
  const settingsMemo = new TtlMemo<Awaited<ReturnType<typeof topicSettings>>>(SETTINGS_TTL_MS);
  const computed = new KeptAnswer<Computed>(FINDINGS_TTL_MS, FINDINGS_MAX_AGE_MS);

  const lagFindings = async (cluster: string): Promise<CheckResult> => {
    if (!config.lagHistory.enabled)
      return {
        findings: [],
        checks: skipped('lag history is off (lagHistory.enabled)', 'group.lag-growing'),
      };
    const history = lag.cluster(cluster);
    await history.ready(LAG_READY_MS);
    if (!history.store.lastSample)
      return { findings: [], checks: skipped('the lag history holds no sample yet', 'group.lag-growing') };
    return { findings: lagGrowingFindings(history.store), checks: ran('group.lag-growing') };
  };

  const compute = (cluster: string, days: number): Promise<Computed> =>
    pool.run(cluster, async (admin) => {
      const at = Date.now();
      const view = await readMetadata(admin);
      const index = indexes.of(cluster).current();
      const [settings, sizes, retention, snapshot, lagResult] = await Promise.allSettled([
        settingsMemo.get(cluster, () => topicSettings(admin, view)),
        brokerSizes(admin, view),
        offsetsRetentionMinutes(admin, view),
        index,
        lagFindings(cluster),
      ]);
      const known = value(settings);
      const results: CheckResult[] = [
        {
          findings: replicationFindings(view, known ?? new Map(), 1),
          checks: [
            ...ran('partition.offline', 'partition.under-replicated', 'topic.replication-factor-one'),
            ...(known
              ? ran('partition.under-min-isr', 'topic.min-isr-above-rf', 'topic.unclean-leader-election')
              : failed(
                  'the brokers did not answer DescribeConfigs for the topics',
                  'partition.under-min-isr',
                  'topic.min-isr-above-rf',
                  'topic.unclean-leader-election',
                )),
          ],
        },
        { findings: leaderSkewFindings(view), checks: ran('broker.leader-skew') },
        value(sizes)?.size
          ? { findings: sizeSkewFindings(value(sizes) ?? new Map()), checks: ran('broker.size-skew') }
          : { findings: [], checks: failed('no broker answered DescribeLogDirs', 'broker.size-skew') },
        value(lagResult) ?? {
          findings: [],
          checks: failed('the lag history could not be read', 'group.lag-growing'),
        },
      ];
      const found = value(snapshot);
      if (found) {
        results.push({
          findings: offsetsExpiringFindings(found, value(retention)),
          checks: ran('group.offsets-expiring'),
        });
        results.push(
          await unusedTopicFindings(admin, view, found, naming, days).then(
            (findings) => ({ findings, checks: ran('topic.unused') }),
            () => ({
              findings: [],
              checks: failed('the leaders did not answer ListOffsets', 'topic.unused'),
            }),
          ),
        );
      } else {
        const reason = 'the group index could not be built (ListGroups, OffsetFetch)';
        results.push({ findings: [], checks: failed(reason, 'group.offsets-expiring', 'topic.unused') });
      }
      return {
        findings: results.flatMap((r) => r.findings).sort(byImportance),
        checks: results.flatMap((r) => r.checks),
        at,
        indexBuiltAt: found?.builtAt,
      };
    });

  return async (
    cluster: string,
    query: InsightsQuery,
    url: string,
    access: InsightsAccess,
  ): Promise<{ list: InsightList; indexAge: number }> => {
    const days = query.unusedDays;
    const all = await computed.get(`${cluster}\u0000${days}`, () => compute(cluster, days));
    const visible = all.findings.filter(visibleTo(access));
    const summary = { critical: 0, warning: 0, info: 0 };
    for (const f of visible) summary[f.severity]++;
    const severities = new Set(query.severity);
    const kinds = new Set(query.kind);
    const shown = visible.filter(
      (f) => (severities.size === 0 || severities.has(f.severity)) && (kinds.size === 0 || kinds.has(f.kind)),
    );
    const now = Date.now();
    const checks: InsightCheck[] = all.checks.map((c) => forCaller(c, access));
    return {
      list: {
        ...pageOf(shown, query.page, config.pagination.pageSize, url),
        summary,
        checks,
        generatedAt: new Date(all.at).toISOString(),
        ageMs: now - all.at,
        unusedDays: days,
      },
      indexAge: all.indexBuiltAt === undefined ? 0 : now - all.indexBuiltAt,
    };
  };
}
