import { type WriteStream, createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export interface TrackingSink {
  append(entry: Record<string, unknown>): void;
  close(): Promise<void>;
}

/** Appends one JSON line per tracking record to a file, or to stdout when the path is "-". */
export function createTrackingSink(path: string): TrackingSink {
  let stream: WriteStream | undefined;
  const open = () => {
    if (!stream) {
      mkdirSync(dirname(path), { recursive: true });
      stream = createWriteStream(path, { flags: 'a' });
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
