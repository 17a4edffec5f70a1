import type { Schema } from '@console/contract';
import { useMemo, useState } from 'react';
import { type DiffRow, lineDiff, schemaLines } from './line-diff';

const text = (versions: readonly Schema[], version: number | undefined) =>
  schemaLines(versions.find((s) => s.version === version)?.schema ?? '');

/** Side-by-side diff of any two versions of a subject (AKHQ has none); the two newest to start with. */
export function SchemaDiff({ versions }: { versions: readonly Schema[] }) {
  const numbers = versions.map((s) => s.version ?? 0).sort((a, b) => a - b);
  const [chosenLeft, setLeft] = useState<number>();
  const [chosenRight, setRight] = useState<number>();
  // A chosen version that has since been deleted falls back to the default pair.
  const pick = (chosen: number | undefined, fallback: number | undefined) =>
    chosen !== undefined && numbers.includes(chosen) ? chosen : fallback;
  const left = pick(chosenLeft, numbers.at(-2));
  const right = pick(chosenRight, numbers.at(-1));
  const rows = useMemo(() => lineDiff(text(versions, left), text(versions, right)), [versions, left, right]);
  if (numbers.length < 2) return null;
  const changes = rows.filter((r) => r.kind !== 'same').length;
  const picker = (label: string, value: number | undefined, set: (v: number) => void) => (
    <label className="schema-diff__picker">
      {label}
      <select className="select" value={value} onChange={(event) => set(Number(event.target.value))}>
        {numbers.map((n) => (
          <option key={n} value={n}>
            Version {n}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <section className="schema-diff" aria-label="Compare versions">
      <h3 className="schema-diff__title">Compare versions</h3>
      <div className="schema-diff__pickers">
        {picker('From', left, setLeft)}
        {picker('To', right, setRight)}
        <span className="muted">{changes === 0 ? 'No differences' : `${changes} changed lines`}</span>
      </div>
      <table className="schema-diff__table" aria-label={`Changes from version ${left} to ${right}`}>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place.
            <DiffLine key={i} row={row} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function DiffLine({ row }: { row: DiffRow }) {
  const left = row.kind === 'added' ? undefined : row;
  const right = row.kind === 'removed' ? undefined : row;
  return (
    <tr className={`schema-diff__row schema-diff__row--${row.kind}`}>
      <td className="schema-diff__no">{left?.leftNo}</td>
      <td className="schema-diff__code schema-diff__code--left">{left?.left}</td>
      <td className="schema-diff__no">{right?.rightNo}</td>
      <td className="schema-diff__code schema-diff__code--right">{right?.right}</td>
    </tr>
  );
}
