import type { ConfigEntry } from '@console/contract';

export type ConfigFilter = { text: string; overriddenOnly: boolean };

/** A broker's config is overridden when not at Kafka's default; a topic's only when set on the topic itself. */
export const brokerOverride = (c: ConfigEntry) => c.source !== 'DEFAULT_CONFIG';
export const topicOverride = (c: ConfigEntry) => c.source === 'DYNAMIC_TOPIC_CONFIG';

/** Keys containing every word of `text` (case-insensitive); with `overriddenOnly`, those `overridden` keeps. */
export function filterConfigs(
  configs: readonly ConfigEntry[],
  filter: ConfigFilter,
  overridden: (c: ConfigEntry) => boolean = brokerOverride,
): ConfigEntry[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  return configs.filter(
    (c) => (!filter.overriddenOnly || overridden(c)) && words.every((w) => c.name.toLowerCase().includes(w)),
  );
}

type Props = {
  label: string;
  filter: ConfigFilter;
  onChange: (filter: ConfigFilter) => void;
  shown: number | undefined;
  total: number | undefined;
};

/** The Configs tabs' filter box and "Overridden only"; filtering keeps pending changes. */
export function ConfigFilterBar({ label, filter, onChange, shown, total }: Props) {
  return (
    <search className="config-filter" aria-label={`Filter ${label.toLowerCase()}`}>
      <input
        className="input config-filter__text"
        type="search"
        aria-label="Filter configs by name"
        placeholder="Filter by name"
        value={filter.text}
        onChange={(e) => onChange({ ...filter, text: e.target.value })}
      />
      <label className="config-filter__check">
        <input
          type="checkbox"
          checked={filter.overriddenOnly}
          onChange={(e) => onChange({ ...filter, overriddenOnly: e.target.checked })}
        />
        Overridden only
      </label>
      {total !== undefined && (
        <span className="config-filter__count" aria-live="polite">
          {shown === total ? `${total} configs` : `${shown} of ${total} configs`}
        </span>
      )}
    </search>
  );
}
