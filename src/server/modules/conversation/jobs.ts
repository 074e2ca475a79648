import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { defineJob } from '../../jobs/definition.js';
import { deleteUnusedUploads } from './queries.js';

/** An upload that no message used within this long is deleted (DECISIONS.md §7.2). */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
// Uploads are up to 10 MB each: a batch of 50 keeps one statement's work (and WAL) bounded.
const BATCH = 50;

/**
 * The clean-up of unused uploads, every hour (minute 17, off the hour's crowd), once for all
 * instances. Safe to repeat: it deletes what is stale when it runs; a shutdown stops it between two
 * batches and the next hour's run does the rest.
 */
export const conversationJobs = ({ db }: { db: Db }) => [
  defineJob({
    name: 'attachments.delete-unused',
    payload: z.object({}),
    cron: '17 * * * *',
    retryLimit: 2,
    retryDelay: 60,
    async handler(_payload, { log, stopping }) {
      const before = new Date(Date.now() - UNUSED_UPLOAD_TTL_MS);
      let deleted = 0;
      while (!stopping()) {
        const n = await deleteUnusedUploads(db, before, BATCH);
        deleted += n;
        if (n < BATCH) break;
      }
      if (deleted > 0) log.info({ deleted }, 'unused uploads deleted');
      return { deleted };
    },
  }),
];
