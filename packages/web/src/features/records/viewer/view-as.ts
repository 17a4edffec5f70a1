/** How the record table shows a key or a value. */
export const VIEW_MODES = ['text', 'json', 'hex', 'base64'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];
export const viewModeLabels: Record<ViewMode, string> = {
  text: 'Text',
  json: 'JSON',
  hex: 'Hex',
  base64: 'Base64',
};

/**
 * The bytes behind a part as the API gives it: a part that is not UTF-8 comes as the base64 of its bytes
 * (`keyBase64` / `valueBase64`), any other as its text, whose UTF-8 encoding is the bytes themselves.
 * A base64 cut short by truncation keeps only its whole 4-character groups.
 */
export function partBytes(text: string, base64: boolean): Uint8Array {
  if (!base64) return new TextEncoder().encode(text);
  const whole = text.slice(0, text.length - (text.length % 4));
  try {
    return Uint8Array.from(atob(whole), (char) => char.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}

export const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(' ');

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export type Shown = { text: string; note?: string };

/** A part in the chosen mode; JSON falls back to the text, saying so, when the text is not JSON. */
export function showAs(text: string, base64: boolean, mode: ViewMode): Shown {
  switch (mode) {
    case 'hex':
      return { text: toHex(partBytes(text, base64)) };
    case 'base64':
      return { text: base64 ? text : toBase64(partBytes(text, false)) };
    case 'json': {
      if (base64) return { text, note: 'Binary: shown as base64' };
      try {
        return { text: JSON.stringify(JSON.parse(text), null, 2) };
      } catch {
        return { text, note: 'Not JSON: shown as text' };
      }
    }
    default:
      return base64 ? { text, note: 'Binary: shown as base64' } : { text };
  }
}
