import { z } from 'zod';
import { SYNC_BATCH_MAX, SYNC_KEY_MAX } from '../meetings/rules';

/*
 * What a phone sends once it is online again: the records it kept while offline, in the order
 * they were made. Each record's own input is checked by the operation it names, exactly as if it
 * had been sent on its own.
 */

export const SYNC_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

export const syncRecord = z.object({
  key: z.string({ message: 'validation.sync.key' }).min(1, 'validation.sync.key').max(SYNC_KEY_MAX, 'validation.sync.key').regex(SYNC_KEY_PATTERN, 'validation.sync.key'),
  op: z.string({ message: 'validation.sync.op' }).min(1, 'validation.sync.op').max(100, 'validation.sync.op'),
  input: z.unknown(),
});

export const syncApplyInput = z.object({
  records: z.array(syncRecord, { message: 'validation.sync.records' }).min(1, 'validation.sync.records').max(SYNC_BATCH_MAX, 'validation.sync.records'),
});

export type SyncRecordInput = z.infer<typeof syncRecord>;

/** What the server answers for one record, in the batch's order. */
export type SyncOutcome = {
  key: string;
  outcome: 'applied' | 'refused';
  result?: unknown;
  /** code: the refusal's message key (errors.meetings.cancelled…); message: in the caller's language. */
  error?: { code: string; message: string };
};
