/** "N shown of M scanned" under the table; while a search runs the scanned figure is not known yet. */
export function RecordCount({ shown, scanned }: { shown: number; scanned: number | undefined }) {
  const n = (value: number) => value.toLocaleString('en');
  return (
    <p className="record-count" aria-live="polite">
      {scanned === undefined ? `${n(shown)} shown` : `${n(shown)} shown of ${n(scanned)} scanned`}
    </p>
  );
}
