/** One row of a side-by-side diff: a line on the left, on the right, or the same on both. */
export type DiffRow =
  | { kind: 'same'; left: string; right: string; leftNo: number; rightNo: number }
  | { kind: 'removed'; left: string; leftNo: number }
  | { kind: 'added'; right: string; rightNo: number }
  | { kind: 'changed'; left: string; right: string; leftNo: number; rightNo: number };

/** Schemas past this many lines per side are compared without the quadratic table (whole-text change). */
const MAX_LINES = 2_000;

/**
 * Side-by-side line diff by longest common subsequence. A removal followed by an addition at the same spot
 * is shown as one changed row, as reviewers read it.
 */
export function lineDiff(leftText: string, rightText: string): DiffRow[] {
  const a = leftText.split('\n');
  const b = rightText.split('\n');
  const rows: DiffRow[] = [];
  if (a.length > MAX_LINES || b.length > MAX_LINES) return pair(a, b, range(a.length), range(b.length), rows);
  // lcs(i, j): length of the longest common subsequence of a[i..] and b[j..].
  const width = b.length + 1;
  const table = new Uint32Array((a.length + 1) * width);
  const lcs = (i: number, j: number) => table[i * width + j] ?? 0;
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i * width + j] = a[i] === b[j] ? lcs(i + 1, j + 1) + 1 : Math.max(lcs(i + 1, j), lcs(i, j + 1));
  let removed: number[] = [];
  let added: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      pair(a, b, removed, added, rows);
      removed = [];
      added = [];
      rows.push({ kind: 'same', left: a[i] ?? '', right: b[j] ?? '', leftNo: i + 1, rightNo: j + 1 });
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && lcs(i + 1, j) >= lcs(i, j + 1))) removed.push(i++);
    else added.push(j++);
  }
  return pair(a, b, removed, added, rows);
}

const range = (n: number) => Array.from({ length: n }, (_, k) => k);

/** Appends a run of removed and added lines (indexes into a and b), pairing them up as changed rows. */
function pair(a: string[], b: string[], removed: number[], added: number[], rows: DiffRow[]): DiffRow[] {
  for (let k = 0; k < Math.max(removed.length, added.length); k++) {
    const l = removed[k];
    const r = added[k];
    if (l !== undefined && r !== undefined)
      rows.push({ kind: 'changed', left: a[l] ?? '', right: b[r] ?? '', leftNo: l + 1, rightNo: r + 1 });
    else if (l !== undefined) rows.push({ kind: 'removed', left: a[l] ?? '', leftNo: l + 1 });
    else if (r !== undefined) rows.push({ kind: 'added', right: b[r] ?? '', rightNo: r + 1 });
  }
  return rows;
}

/** A schema as lines worth comparing: JSON (Avro, JSON Schema) pretty-printed, anything else as it is. */
export function schemaLines(schema: string): string {
  try {
    return JSON.stringify(JSON.parse(schema), null, 2);
  } catch {
    return schema;
  }
}
