/** Decodes base64 (standard or URL-safe) as UTF-8, e.g. ACL principals in URLs; null when malformed. */
export function decodeBase64Utf8(value: string): string | null {
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Standard base64 of a UTF-8 string, as ACL principal links carry it
 * (docs/api-conventions.md#path-parameters).
 */
export function encodeBase64Utf8(value: string): string {
  const bytes = new TextEncoder().encode(value);
  return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
}
