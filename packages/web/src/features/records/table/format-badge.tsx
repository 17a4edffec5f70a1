import type { RecordFormat, RecordFormats } from '@console/contract';

const NAMES: Record<RecordFormat, string> = {
  AVRO: 'Avro',
  PROTOBUF: 'Protobuf',
  JSON_SCHEMA: 'JSON Schema',
  MSGPACK: 'MessagePack',
  INT: 'INT',
  LONG: 'LONG',
  JSON: 'JSON',
  TEXT: 'Text',
  BINARY: 'Binary',
};

/**
 * What the key and the value were decoded as (the record's `format`): the value always, the key only
 * when it is not plain text, which most keys are.
 */
export function FormatBadges({ format }: { format: RecordFormats | undefined }) {
  if (!format) return null;
  const { key, value } = format;
  return (
    <>
      {key && key !== 'TEXT' && <FormatBadge part="Key" format={key} />}
      {value && <FormatBadge part="Value" format={value} />}
    </>
  );
}

function FormatBadge({ part, format }: { part: 'Key' | 'Value'; format: RecordFormat }) {
  return (
    <span className="badge badge--neutral" title={`${part} read as ${NAMES[format]}`}>
      {part === 'Key' ? `Key ${NAMES[format]}` : NAMES[format]}
    </span>
  );
}
