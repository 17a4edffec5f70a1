import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { sql } from '@codemirror/lang-sql';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import './code-editor.css';
import { KsqlDialect } from './ksql-dialect';

type Props = {
  /** The accessible name of the editing area (it is a textbox). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** CSS height of the editor, e.g. '200px' (docs/behaviour.md#ksqldb). */
  height: string;
  placeholder?: string;
  language?: 'sql' | 'json';
  /** Not editable (e.g. a tombstone has no value), still readable. */
  readOnly?: boolean;
  /** Ids of the field's help and error text, and whether the error applies. */
  describedBy?: string;
  invalid?: boolean;
};

/**
 * Token colours from the console's theme variables (they cross into the shadow root), so both themes
 * keep WCAG AA contrast; CodeMirror's default style is for light backgrounds only.
 */
const themeColours = HighlightStyle.define([
  { tag: [tags.keyword, tags.bool, tags.null], color: 'var(--accent)', fontWeight: '600' },
  { tag: [tags.propertyName, tags.typeName], color: 'var(--info)' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--success)' },
  { tag: [tags.number], color: 'var(--warning)' },
  { tag: [tags.comment], color: 'var(--text-muted)', fontStyle: 'italic' },
  { tag: [tags.invalid], color: 'var(--danger)' },
]);

const languageOf = (language: Props['language']): Extension =>
  language === 'sql' ? sql({ dialect: KsqlDialect }) : language === 'json' ? json() : [];
const editableOf = (readOnly: boolean): Extension => [
  EditorState.readOnly.of(readOnly),
  EditorView.editable.of(!readOnly),
];
const ariaOf = (label: string, describedBy: string | undefined, invalid: boolean): Extension =>
  EditorView.contentAttributes.of({
    'aria-label': label,
    'aria-multiline': 'true',
    role: 'textbox',
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
  });

/**
 * A CodeMirror 6 editor, uncontrolled after mount: it reports each change and takes a new `value` only
 * when the value differs from what it holds (so typing never resets the cursor).
 *
 * It lives in a shadow root: CodeMirror then styles itself with constructed style sheets, which the
 * console's content security policy (`style-src 'self'`, no inline <style>) allows.
 */
export function CodeEditor({
  label,
  value,
  onChange,
  height,
  placeholder = '',
  language,
  readOnly = false,
  describedBy,
  invalid = false,
}: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const compartments = useRef({
    language: new Compartment(),
    editable: new Compartment(),
    aria: new Compartment(),
  });
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
          syntaxHighlighting(themeColours),
          placeholderText(placeholder),
          EditorView.lineWrapping,
          compartments.current.aria.of(ariaOf(label, describedBy, invalid)),
          compartments.current.editable.of(editableOf(readOnly)),
          compartments.current.language.of(languageOf(language)),
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
    view.current?.dispatch({
      effects: [
        compartments.current.language.reconfigure(languageOf(language)),
        compartments.current.editable.reconfigure(editableOf(readOnly)),
        compartments.current.aria.reconfigure(ariaOf(label, describedBy, invalid)),
      ],
    });
  }, [language, readOnly, label, describedBy, invalid]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return <div className="code-editor" ref={host} />;
}
