import type { DataRecord } from '@console/contract';
import type { MaskedRecord } from '../../masking/masked-record.ts';
import { formatsOf } from '../formats/detect.ts';

/**
 * The API model of a record as its viewer sees it. `maxLength`: values longer (in UTF-8 bytes) are cut,
 * as AKHQ does, to maxLength/1000 characters.
 */
export function toDataRecord(record: MaskedRecord, maxLength?: number): DataRecord {
  const { key, value, raw } = record;
  let text = value.text;
  let truncated = false;
  if (
    maxLength !== undefined &&
    text !== null &&
    text.length * 3 > maxLength &&
    Buffer.byteLength(text) > maxLength
  ) {
    text = text.slice(0, Math.max(1, Math.floor(maxLength / 1000)));
    truncated = true;
  }
  const exceptions = [key.error, value.error].filter((e): e is string => e !== undefined);
  return {
    topic: { name: record.topic },
    partition: raw.partition,
    offset: raw.offset,
    timestamp: new Date(raw.timestamp).toISOString(),
    ...(key.text !== null ? { key: key.text } : {}),
    ...(text !== null ? { value: text } : {}),
    headers: record.headers,
    ...(key.schemaId !== undefined ? { keySchemaId: String(key.schemaId) } : {}),
    ...(value.schemaId !== undefined ? { valueSchemaId: String(value.schemaId) } : {}),
    ...(key.name ? { keySubject: key.name } : {}),
    ...(value.name ? { valueSubject: value.name } : {}),
    ...(key.base64 ? { keyBase64: true } : {}),
    ...(value.base64 ? { valueBase64: true } : {}),
    truncated,
    exceptions,
    format: formatsOf(key, value),
  };
}
