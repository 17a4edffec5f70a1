import { useCallback, useRef, useState } from 'react';
import { Icon } from '../../components/icon';
import { useDismiss } from '../../components/use-dismiss';

type Props = {
  topics: readonly string[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
};

/** docs/behaviour.md#live-tail: the topic dropdown with its own search, Select All and Deselect All. */
export function TopicMultiSelect({ topics, selected, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);
  const chosen = new Set(selected);
  const shown = topics.filter((t) => t.toLowerCase().includes(filter.trim().toLowerCase()));
  const toggle = (topic: string) =>
    onChange(chosen.has(topic) ? selected.filter((t) => t !== topic) : [...selected, topic]);
  const label =
    selected.length === 0 ? 'Topics' : selected.length === 1 ? selected[0] : `${selected.length} topics`;

  return (
    <div className="tail-topics" ref={root}>
      <button
        type="button"
        className="btn tail-topics__button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {label}
        <Icon name="chevronDown" size={14} />
      </button>
      {open && (
        <fieldset className="tail-topics__panel" aria-label="Topics to tail">
          <input
            className="input"
            type="search"
            aria-label="Search topics to tail"
            placeholder="Search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          <div className="tail-topics__actions">
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => onChange([...new Set([...selected, ...shown])])}
            >
              Select All
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => onChange(selected.filter((t) => !shown.includes(t)))}
            >
              Deselect All
            </button>
          </div>
          <ul className="tail-topics__list">
            {shown.map((topic) => (
              <li key={topic}>
                <label className="tail-topics__item">
                  <input
                    type="checkbox"
                    className="checkbox"
                    checked={chosen.has(topic)}
                    onChange={() => toggle(topic)}
                  />
                  {topic}
                </label>
              </li>
            ))}
            {shown.length === 0 && <li className="muted">No topic</li>}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
