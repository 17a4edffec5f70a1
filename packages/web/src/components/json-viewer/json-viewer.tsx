import { useMemo } from 'react';
import { jsonTokens, prettyJson } from './json-text';
import './json-viewer.css';

type Props = { label: string; value: string; minHeight?: string };

/** Read-only viewer: JSON indented and coloured, any other text shown as it is. */
export function JsonViewer({ label, value, minHeight = '25vh' }: Props) {
  const pretty = useMemo(() => prettyJson(value), [value]);
  const tokens = useMemo(() => (pretty.json ? jsonTokens(pretty.text) : null), [pretty]);
  return (
    <section aria-label={label}>
      <pre className="json-viewer" style={{ minHeight }}>
        {tokens
          ? tokens.map((t, i) =>
              t.kind === 'plain' ? (
                t.text
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: tokens never reorder
                <span key={i} className={`json-viewer__${t.kind}`}>
                  {t.text}
                </span>
              ),
            )
          : pretty.text}
      </pre>
    </section>
  );
}
