import { Link } from 'react-router-dom';
import { MiddleEllipsis } from '../../../components/middle-ellipsis/middle-ellipsis';
import { streamsGroupPath } from '../../streams-groups/paths';
import type { TopicRow } from './topic-rows';

/** The folded row's name: the app, linked to its page, and how many internal topics it holds. */
export function StreamsAppName({ cluster, id, topics }: { cluster: string; id: string; topics: number }) {
  return (
    <span className="streams-app-name">
      <Link className="topic-name" to={streamsGroupPath(cluster, id)} aria-label={`Streams app ${id}`}>
        <MiddleEllipsis text={id} />
      </Link>
      <span className="streams-app-name__count">
        Streams app · {topics} internal topic{topics === 1 ? '' : 's'}
      </span>
    </span>
  );
}

/** The expanded app row: its internal topics, each linked, with their record counts. */
export function StreamsAppTopics({
  row,
  topicHref,
}: {
  row: TopicRow;
  topicHref: (topic: string) => string;
}) {
  return (
    <ul className="streams-app-topics" aria-label={`Internal topics of Streams app ${row.name}`}>
      {row.streamsApp?.topics.map((t) => (
        <li key={t.name}>
          <Link to={topicHref(t.name)} aria-label={t.name}>
            <MiddleEllipsis text={t.name} />
          </Link>
          <span className="nowrap">
            ≈ {t.count.toLocaleString('en')} records · {t.partitions} partition{t.partitions === 1 ? '' : 's'}
          </span>
        </li>
      ))}
    </ul>
  );
}
