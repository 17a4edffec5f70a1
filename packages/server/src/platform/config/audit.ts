import { z } from 'zod';

/**
 * The audit trail in Kafka: every write, and with `reads` every read of record data, as one
 * JSON event (key: the user) on `topic` of `cluster`, besides the log line. Every replica writes to the
 * same topic and builds its viewer's index from it, so all of them show the same trail.
 */
export const AuditConfig = z
  .strictObject({
    enabled: z.boolean().default(false),
    /** The cluster holding the topic; default the first configured cluster. */
    cluster: z.string().optional(),
    topic: z.string().min(1).max(249).default('_console_audit'),
    /** Also record reads of record data (browse, search, download, live tail, one record). */
    reads: z.boolean().default(false),
    /** The topic's retention.ms when the console creates it (default 90 days). */
    retentionMs: z
      .number()
      .int()
      .positive()
      .default(90 * 24 * 3_600_000),
    /** The newest events the viewer's in-memory index keeps (about 40 bytes each). */
    indexMaxEvents: z.number().int().positive().default(1_000_000),
  })
  .prefault({});
export type AuditConfig = z.output<typeof AuditConfig>;
