import { mkdirSync } from 'node:fs';
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
