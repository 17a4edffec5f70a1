/**
 * A JAAS line as Java clients take it in `sasl.jaas.config`:
 * `<LoginModule class> <required|requisite|sufficient|optional> key="value" key2=value2 ... ;`
 * Read by a small scanner, not a pattern: values may hold spaces, `=`, `;` and escaped quotes.
 */
export type Jaas = { module: string; options: Record<string, string> };

const FLAGS = new Set(['required', 'requisite', 'sufficient', 'optional']);

export function parseJaas(text: string): Jaas {
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text.charAt(i))) i++;
  };
  const word = (): string => {
    const start = i;
    while (i < text.length && !/[\s=;"]/.test(text.charAt(i))) i++;
    return text.slice(start, i);
  };
  const quoted = (): string => {
    let out = '';
    i++; // the opening quote
    while (i < text.length && text.charAt(i) !== '"') {
      if (text.charAt(i) === '\\' && i + 1 < text.length) i++;
      out += text.charAt(i++);
    }
    if (i >= text.length) throw new Error('a quoted value is not closed');
    i++;
    return out;
  };
  skipSpace();
  const module = word();
  if (!module) throw new Error('no login module class at the start');
  skipSpace();
  const flag = word();
  if (!FLAGS.has(flag))
    throw new Error(`'${flag}' is not a JAAS flag (required, requisite, sufficient, optional)`);
  const options: Record<string, string> = {};
  for (;;) {
    skipSpace();
    if (i >= text.length || text.charAt(i) === ';') break;
    const key = word();
    skipSpace();
    if (!key || text.charAt(i) !== '=') throw new Error(`expected key=value near '${text.slice(i, i + 20)}'`);
    i++;
    skipSpace();
    options[key] = text.charAt(i) === '"' ? quoted() : word();
  }
  return { module, options };
}
