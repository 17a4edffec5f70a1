import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/badge';
import { Icon } from '../../../components/icon';
import { LagBadge } from '../../groups/group-columns';
import { topicPaths } from '../topic-paths';
import type { TopicGroup } from './topic-rows';

type Props = {
  cluster: string;
  topic: string;
  /** undefined until the batched /group/topics call answers. */
  groups: TopicGroup[] | undefined;
  /** Groups beyond those answered: a link to the topic's Groups tab counts them. */
  more: number;
  startExpanded: boolean;
};

/**
 * First group as a button, the rest in a section that collapses per topic; past the groups the column
 * carries, a link to the topic's Groups tab (docs/behaviour.md#topic-list).
 */
export function TopicGroupsCell({ cluster, topic, groups, more, startExpanded }: Props) {
  const [expanded, setExpanded] = useState(startExpanded);
  if (groups === undefined)
    return (
      <span className="muted" title="Loading consumer groups">
        …
      </span>
    );
  const [first, ...rest] = groups;
  if (!first) return null;
  const listId = `groups-${topic}`;
  return (
    <div className="topic-groups">
      <GroupButton cluster={cluster} group={first} />
      {rest.length > 0 && (
        <button
          type="button"
          className="btn btn--ghost"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-label={`${expanded ? 'Hide' : 'Show'} ${rest.length + more} more consumer groups`}
          onClick={() => setExpanded((open) => !open)}
        >
          <Icon name={expanded ? 'chevronDown' : 'chevronRight'} />
          <Badge tone="info">{rest.length + more}</Badge>
        </button>
      )}
      {expanded && rest.length > 0 && (
        <div className="topic-groups__more" id={listId}>
          {rest.map((group) => (
            <GroupButton key={group.id} cluster={cluster} group={group} />
          ))}
        </div>
      )}
      {more > 0 && (expanded || rest.length === 0) && (
        <Link className="topic-groups__all" to={topicPaths.topic(cluster, topic, 'groups')}>
          {more} more on the Groups tab
        </Link>
      )}
    </div>
  );
}

function GroupButton({ cluster, group }: { cluster: string; group: TopicGroup }) {
  const tone = group.active ? 'success' : 'warning';
  return (
    <Link
      className={`group-button group-button--${tone}`}
      to={topicPaths.group(cluster, group.id)}
      title={`${group.id}: ${group.active ? 'consuming this topic' : 'not consuming this topic'}`}
    >
      <span className="group-button__id">{group.id}</span>
      <LagBadge lag={group.lag} />
    </Link>
  );
}
