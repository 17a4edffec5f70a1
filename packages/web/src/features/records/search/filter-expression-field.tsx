import { FILTER_MAX_CHARS } from '@console/contract';

/** Example expressions offered under the box; choosing one puts it in the box. */
export const FILTER_EXAMPLES = [
  'value.status == "FAILED" && value.amount > 100',
  'headers["trace-id"].startsWith("ab")',
  'timestamp > timestamp("2026-01-01T00:00:00Z")',
  'has(value.customer.email)',
] as const;

type Props = {
  value: string;
  onChange: (text: string) => void;
  /** The server's refusal of the expression (`line 1, column 6: …`), shown under the box. */
  error: string | undefined;
};

/**
 * The `filter` box beside the six search fields: a CEL expression over the record's key, value (parsed
 * JSON), headers, partition, offset, timestamp, topic, schema ids and size, checked by the server.
 */
export function FilterExpressionField({ value, onChange, error }: Props) {
  return (
    <div className="filter-expression">
      <label htmlFor="search-filter">Filter expression (CEL)</label>
      <textarea
        id="search-filter"
        className="input filter-expression__input"
        rows={2}
        maxLength={FILTER_MAX_CHARS}
        spellCheck={false}
        placeholder='value.status == "FAILED" && value.amount > 100'
        aria-describedby={error ? 'search-filter-error search-filter-help' : 'search-filter-help'}
        aria-invalid={error ? true : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id="search-filter-error" className="filter-expression__error" role="alert">
          {error}
        </p>
      )}
      <div id="search-filter-help" className="filter-expression__help">
        Variables: <code>key</code>, <code>value</code> (parsed JSON, else text), <code>headers</code>,{' '}
        <code>partition</code>, <code>offset</code>, <code>timestamp</code>, <code>topic</code>,{' '}
        <code>keySchemaId</code>, <code>valueSchemaId</code>, <code>size</code>. Examples:
        <ul className="filter-expression__examples">
          {FILTER_EXAMPLES.map((example) => (
            <li key={example}>
              <button type="button" className="filter-expression__example" onClick={() => onChange(example)}>
                <code>{example}</code>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The part of a failed search's message about the filter, without the field name; else undefined. */
export function filterErrorOf(message: string | undefined): string | undefined {
  const prefix = 'querystring.filter: ';
  return message?.startsWith(prefix) ? message.slice(prefix.length) : undefined;
}
