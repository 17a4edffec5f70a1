/**
 * Whether `value` matches `pattern`, where `*` stands for any run of characters and every other
 * character for itself. Greedy with one backtrack point, so linear in practice and never a regular
 * expression: patterns come from the config, names from the cluster.
 */
export function globMatch(pattern: string, value: string): boolean {
  let p = 0;
  let v = 0;
  let star = -1;
  let resume = 0;
  while (v < value.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === value[v]) {
      p++;
      v++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = v;
    } else if (star >= 0) {
      p = star + 1;
      v = ++resume;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}
