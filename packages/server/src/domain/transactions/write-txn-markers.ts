import { createAPI, type Reader, ResponseError, Writer } from '@platformatic/kafka';

/** One abort (or commit) marker for a producer's transaction on some partitions. */
export type TxnMarker = {
  producerId: bigint;
  producerEpoch: number;
  commit: boolean;
  topics: { name: string; partitions: number[] }[];
  coordinatorEpoch: number;
};

export type WriteTxnMarkersResponse = {
  markers: {
    producerId: bigint;
    topics: { name: string; partitions: { partition: number; errorCode: number }[] }[];
  }[];
};

/*
  WriteTxnMarkers Request (Version: 1) => [markers] TAG_BUFFER
    markers => producer_id producer_epoch transaction_result [topics] coordinator_epoch TAG_BUFFER
      topics => name [partition_indexes] TAG_BUFFER
*/
function createRequest(markers: TxnMarker[]): Writer {
  return Writer.create()
    .appendArray(markers, (w, m) => {
      w.appendInt64(m.producerId)
        .appendInt16(m.producerEpoch)
        .appendBoolean(m.commit)
        .appendArray(m.topics, (w, t) => {
          w.appendString(t.name).appendArray(t.partitions, (w, p) => w.appendInt32(p), true, false);
        })
        .appendInt32(m.coordinatorEpoch);
    })
    .appendTaggedFields();
}

/*
  WriteTxnMarkers Response (Version: 1) => [markers] TAG_BUFFER
    markers => producer_id [topics] TAG_BUFFER
      topics => name [partitions] TAG_BUFFER
        partitions => partition_index error_code TAG_BUFFER
*/
function parseResponse(_correlationId: number, apiKey: number, apiVersion: number, reader: Reader) {
  const errors: [string, [number, null]][] = [];
  const response: WriteTxnMarkersResponse = {
    markers: reader.readArray((r, i) => ({
      producerId: r.readInt64(),
      topics: r.readArray((r, j) => ({
        name: r.readString(),
        partitions: r.readArray((r, k) => {
          const partition = { partition: r.readInt32(), errorCode: r.readInt16() };
          if (partition.errorCode !== 0) {
            errors.push([`/markers/${i}/topics/${j}/partitions/${k}`, [partition.errorCode, null]]);
          }
          return partition;
        }),
      })),
    })),
  };
  reader.readTaggedFields();
  if (errors.length) throw new ResponseError(apiKey, apiVersion, Object.fromEntries(errors), response);
  return response;
}

/**
 * WriteTxnMarkers (API key 27), which @platformatic/kafka does not implement: what the transaction
 * coordinator sends partition leaders to close a transaction, and what `kafka-transactions.sh abort`
 * (Admin#abortTransaction, KIP-664) sends to close a hanging one. Version 1: the first flexible one,
 * the lowest Kafka 4 accepts.
 */
export const writeTxnMarkersV1 = createAPI<[markers: TxnMarker[]], WriteTxnMarkersResponse>(
  27,
  1,
  createRequest,
  parseResponse,
);
