import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { sql } from '@codemirror/lang-sql';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import './code-editor.css';
import { KsqlDialect } from './ksql-dialect';

type Props = {
  /** The accessible name of the editing area (it is a textbox). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** CSS height of the editor, e.g. '200px' (spec part 2 §9). */
  height: string;
  placeholder?: string;
  language?: 'sql';
};

/**
 * A CodeMirror 6 editor, uncontrolled after mount: it reports each change and takes a new `value` only
 * when the value differs from what it holds (so typing never resets the cursor).
 *
 * It lives in a shadow root: CodeMirror then styles itself with constructed style sheets, which the
 * console's content security policy (`style-src 'self'`, no inline <style>) allows.
 */
export function CodeEditor({ label, value, onChange, height, placeholder = '', language }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: built once; value and onChange are followed below.
  useEffect(() => {
    if (!host.current) return;
    const root = host.current.shadowRoot ?? host.current.attachShadow({ mode: 'open' });
    const mount = document.createElement('div');
    root.appendChild(mount);
    const editor = new EditorView({
      root,
      parent: mount,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          syntaxHighlighting(defaultHighlightStyle),
          placeholderText(placeholder),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' }),
          EditorView.theme({
            '&': { height },
            '&.cm-focused': { outline: 'none' },
            '.cm-scroller': { overflow: 'auto', fontFamily: 'var(--font-mono)' },
            '.cm-placeholder': { color: 'var(--text-faint)' },
            '.cm-cursor': { borderLeftColor: 'var(--text)' },
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
          ...(language === 'sql' ? [sql({ dialect: KsqlDialect })] : []),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      mount.remove();
    };
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return <div className="code-editor" ref={host} />;
}
