import type { ConnectPluginDefinition } from '@console/contract';
import { type ConnectorFormState, formStateOf, OWN_KEYS, parseTransforms } from './connector-form';

/** The form as one JSON object: every filled setting and the extra properties. */
export function formToJson(state: ConnectorFormState): string {
  const transforms = parseTransforms(state.transforms);
  const filled = Object.entries(state.values).filter(([, value]) => value.trim() !== '');
  const extra = 'configs' in transforms ? transforms.configs : {};
  return JSON.stringify({ ...Object.fromEntries(filled), ...extra }, null, 2);
}

/** JSON text back into the form; the name and class stay the form's own. */
export function jsonToForm(
  definitions: readonly ConnectPluginDefinition[],
  text: string,
): { state: ConnectorFormState } | { error: string } {
  const parsed = parseTransforms(text.trim() === '' ? '{}' : text);
  if ('error' in parsed)
    return { error: parsed.error.replace('Extra transforms properties', 'The configuration') };
  const configs = Object.fromEntries(Object.entries(parsed.configs).filter(([key]) => !OWN_KEYS.has(key)));
  return { state: formStateOf(definitions, configs) };
}
