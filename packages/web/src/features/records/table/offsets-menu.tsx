import { useCallback, useRef, useState } from 'react';
import { Icon } from '../../../components/icon';
import { useDismiss } from '../../../components/use-dismiss';
import type { StartOffsets } from '../cursor';

type Props = { partitions: number[]; current: StartOffsets; onApply: (offsets: StartOffsets) => void };

/**
 * The Data tab's offsets (docs/behaviour.md#data-tab): one number per partition (0 or more; empty ones
 * skipped) plus OK.
 */
export function OffsetsMenu({ partitions, current, onApply }: Props) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Record<number, string>>({});
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);

  const toggle = () => {
    if (!open) setDraft(Object.fromEntries(partitions.map((p) => [p, current[p]?.toString() ?? ''])));
    setOpen(!open);
  };
  const invalid = (text: string | undefined) =>
    text !== undefined && text.trim() !== '' && !/^\d+$/.test(text.trim());
  const anyInvalid = partitions.some((p) => invalid(draft[p]));
  const apply = () => {
    const offsets: StartOffsets = {};
    for (const p of partitions) {
      const text = draft[p]?.trim();
      if (text) offsets[p] = Number(text);
    }
    onApply(offsets);
    setOpen(false);
  };

  return (
    <div className="popover" ref={root}>
      <button type="button" className="btn" aria-expanded={open} onClick={toggle}>
        Offsets
        <Icon name="chevronDown" size={14} />
      </button>
      {open && (
        <form
          className="popover__panel offsets-menu"
          aria-label="Offsets"
          onSubmit={(event) => {
            event.preventDefault();
            if (!anyInvalid) apply();
          }}
        >
          {partitions.map((p) => (
            <label key={p} className="offsets-menu__row">
              <span>Partition {p}</span>
              <input
                className="input"
                inputMode="numeric"
                placeholder="Offset"
                aria-label={`Offset of partition ${p}`}
                aria-invalid={invalid(draft[p])}
                value={draft[p] ?? ''}
                onChange={(event) => setDraft({ ...draft, [p]: event.target.value })}
              />
            </label>
          ))}
          <button type="submit" className="btn btn--primary" disabled={anyInvalid}>
            OK
          </button>
        </form>
      )}
    </div>
  );
}
