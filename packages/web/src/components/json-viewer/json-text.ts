export type JsonToken = { kind: 'key' | 'string' | 'number' | 'literal' | 'plain'; text: string };

/** The text indented when it is JSON, else as it is; `json` says which. */
export function prettyJson(text: string): { text: string; json: boolean } {
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), json: true };
  } catch {
    return { text, json: false };
  }
}

const token = /("(?:\\.|[^"\\])*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

/** Splits indented JSON into coloured pieces; plain text between them keeps its place. */
export function jsonTokens(text: string): JsonToken[] {
  const tokens: JsonToken[] = [];
  let at = 0;
  for (const match of text.matchAll(token)) {
    const start = match.index;
    if (start > at) tokens.push({ kind: 'plain', text: text.slice(at, start) });
    const [whole, string, colon, number, literal] = match;
    if (string !== undefined) {
      tokens.push({ kind: colon ? 'key' : 'string', text: string });
      if (colon) tokens.push({ kind: 'plain', text: colon });
    } else if (number !== undefined) tokens.push({ kind: 'number', text: number });
    else if (literal !== undefined) tokens.push({ kind: 'literal', text: literal });
    at = start + whole.length;
  }
  if (at < text.length) tokens.push({ kind: 'plain', text: text.slice(at) });
  return tokens;
}
