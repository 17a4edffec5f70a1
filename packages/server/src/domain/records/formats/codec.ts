import type { RecordFormat } from '@console/contract';

/** A configured format for one part of a topic's records: bytes to shown text and back. */
export type Codec = {
  format: RecordFormat;
  /** What the bytes are read as, for messages: `PROTOBUF shop.v1.Order`, `AVRO (orders.avsc)`. */
  label: string;
  /** The schema's own name (message or Avro full name), shown as the record's subject. */
  name?: string;
  decode(bytes: Buffer): string;
  /** Throws an Error whose message says what is wrong with the text (it becomes a 400 naming the field). */
  encode(text: string): Buffer;
};

/** The codecs a topic's keys and values are read with; a part without one is detected. */
export type TopicCodecs = { key?: Codec; value?: Codec };

/** JSON.parse with a message a produce form's user understands. */
export function parseJsonInput(text: string, what: string, parse: (text: string) => unknown = JSON.parse) {
  try {
    return parse(text);
  } catch {
    throw new Error(`is not JSON, which ${what} needs`);
  }
}
