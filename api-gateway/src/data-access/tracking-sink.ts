import { mkdirSync } from 'node:fs';
import type { Logger } from '@shop/node-kit';
import type { Db } from '@shop/node-kit/db';
import { basename, dirname } from 'node:path';
import { type RotatingFileStream, createStream } from 'rotating-file-stream';

export interface TrackingSink {
  append(entry: Record<string, unknown>): void;
  close(): Promise<void>;
}

export interface TrackingLogOptions {
  /** A file path, or "-" for standard output. */
  path: string;
  /** The live file is rotated once it grows past this many bytes. */
  maxBytes: number;
  /** Files kept in all: the live one plus rotated ones (path.1 newest … path.N-1 oldest). */
  files: number;
}

/**
 * Appends one JSON line per tracking record to a size-capped, rotating file (logrotate-style
 * numbering: the oldest file is dropped), so the disk it takes is bounded by about
 * maxBytes x files whatever the traffic; or to stdout when the path is "-" (a container's log
 * collector rotates then).
 */
export function createTrackingSink({ path, maxBytes, files }: TrackingLogOptions): TrackingSink {
  let stream: RotatingFileStream | undefined;
  const open = () => {
    if (!stream) {
      mkdirSync(dirname(path), { recursive: true });
      const opened = createStream(basename(path), { path: dirname(path), size: `${maxBytes}B`, rotate: files - 1 });
      // Analytics must never take the gateway down: a broken stream is dropped and reopened on the next event.
      opened.on('error', () => {
        if (stream === opened) stream = undefined;
      });
      stream = opened;
    }
    return stream;
  };
  return {
    append(entry) {
      const line = `${JSON.stringify(entry)}\n`;
      if (path === '-') process.stdout.write(line);
      else open().write(line);
    },
    close: () => new Promise((resolve) => (stream ? stream.end(resolve) : resolve())),
  };
}

/**
 * Every instance's tracking records in PostgreSQL (`gateway_tracking_events`), written in batches
 * (at most `batch` rows, or every `flushMs`) so a page view costs no round trip. Records older than
 * `keepDays` are deleted once an hour. A batch the database refuses is dropped with one log line:
 * analytics never holds up or takes down the gateway.
 */
export function createPostgresTrackingSink(
  db: Db,
  logger: Logger,
  { flushMs = 500, batch = 200, keepDays = 30 } = {},
): TrackingSink {
  let pending: string[] = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    if (pending.length === 0) return writing;
    const rows = pending;
    pending = [];
    const values = rows.map((_, at) => `($${at + 1}::jsonb)`).join(', ');
    writing = writing
      .then(() => db.query(`INSERT INTO gateway_tracking_events (entry) VALUES ${values}`, rows))
      .then(
        () => undefined,
        (error: unknown) => logger.warn('Tracking records dropped', { records: rows.length, error: String(error) }),
      );
    return writing;
  };
  const timer = setInterval(flush, flushMs);
  timer.unref();
  const prune = () =>
    db
      .query(`DELETE FROM gateway_tracking_events WHERE at < now() - make_interval(days => $1)`, [keepDays])
      .catch((error: unknown) => logger.warn('Old tracking records not deleted', { error: String(error) }));
  const pruner = setInterval(prune, 60 * 60 * 1000);
  pruner.unref();
  return {
    append(entry) {
      pending.push(JSON.stringify(entry));
      if (pending.length >= batch) void flush();
    },
    async close() {
      clearInterval(timer);
      clearInterval(pruner);
      await flush();
    },
  };
}
