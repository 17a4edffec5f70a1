/** Characters kept whole at the end of a long name: `-changelog` and the node number before it. */
const TAIL = 20;

/** The part that may be cut (the head) and the end that is always shown (the tail, at most half the name). */
export function splitForEllipsis(text: string): [string, string] {
  const tail = Math.min(TAIL, Math.floor(text.length / 2));
  return [text.slice(0, text.length - tail), text.slice(text.length - tail)];
}
