import type { ScramUser, ScramUserDeleteQuery, ScramUserListQuery, ScramUserUpsert } from '@console/contract';
import type { KafkaPool } from '../../kafka/pool.ts';
import { readUntil, untilShown } from '../../kafka/settled.ts';
import type { Config } from '../../platform/config/schema.ts';
import type { NameFilter } from '../access/roles.ts';
import { pageOf } from '../paging.ts';
import { byName, nameMatcher } from '../topics/topic-naming.ts';
import { alterScramUser, describeScramUser, describeScramUsers } from './credentials.ts';

const shows = (user: ScramUser | undefined, change: ScramUserUpsert) =>
  user?.credentials.some((c) => c.mechanism === change.mechanism && c.iterations === change.iterations) ??
  false;

/** The SCRAM users screen's operations on a cluster: list, create or change a credential, delete. */
export function scramUserService(config: Config, kafka: KafkaPool) {
  return {
    /** One DescribeUserScramCredentials answers every user; the page is cut from it by name. */
    list: (cluster: string, query: ScramUserListQuery, url: string, visible: NameFilter) =>
      kafka.run(cluster, async (admin) => {
        const matches = nameMatcher(query.search);
        const users = (await describeScramUsers(admin))
          .filter((u) => visible(u.user) && matches(u.user))
          .sort((a, b) => byName(a.user, b.user));
        return pageOf(users, query.page, config.pagination.pageSize, url);
      }),

    /** Creates or replaces the user's credential for one mechanism; answers the user once the broker shows it. */
    upsert: (cluster: string, change: ScramUserUpsert) =>
      kafka.run(cluster, async (admin) => {
        await alterScramUser(admin, cluster, { kind: 'upsert', ...change });
        const now = await readUntil(
          () => describeScramUser(admin, change.user).catch(() => undefined),
          (user) => shows(user, change),
        );
        return now ?? describeScramUser(admin, change.user);
      }),

    /** Deletes one mechanism's credential, or every credential the user has; answers once they are gone. */
    delete: (cluster: string, user: string, query: ScramUserDeleteQuery) =>
      kafka.run(cluster, async (admin) => {
        const mechanisms = query.mechanism
          ? [query.mechanism]
          : (await describeScramUser(admin, user)).credentials.map((c) => c.mechanism);
        await alterScramUser(admin, cluster, { kind: 'delete', user, mechanisms });
        await untilShown(
          () => describeScramUser(admin, user).catch(() => undefined),
          (now) => !now?.credentials.some((c) => mechanisms.includes(c.mechanism)),
        );
      }),
  };
}

export type ScramUserService = ReturnType<typeof scramUserService>;
