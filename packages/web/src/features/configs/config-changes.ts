/** Edited config values by name; only what differs from the loaded value (docs/behaviour.md#configs). */
export type ConfigChanges = Readonly<Record<string, string>>;

/** Records an edit; a value set back to its original leaves the change set. */
export function withChange(
  changes: ConfigChanges,
  name: string,
  original: string | undefined,
  value: string,
): ConfigChanges {
  const { [name]: _previous, ...rest } = changes;
  return value === (original ?? '') ? rest : { ...rest, [name]: value };
}
