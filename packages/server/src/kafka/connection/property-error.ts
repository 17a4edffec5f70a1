/** A property's problem, found while building a connection: the start's refusal names the key (check.ts). */
export class PropertyError extends Error {
  readonly key: string;

  constructor(key: string, message: string) {
    super(message);
    this.key = key;
  }
}
