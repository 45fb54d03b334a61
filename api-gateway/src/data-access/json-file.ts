import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'zod';

/**
 * A small JSON document on disk, re-read only when its mtime changes and written atomically
 * (temp file + rename), so several gateway processes on one host can share it.
 */
export class JsonFile<T> {
  private cached: { mtimeMs: number; value: T } | undefined;

  constructor(
    readonly path: string,
    private readonly schema: z.ZodType<T>,
    private readonly empty: () => T,
  ) {}

  read(): T {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.path).mtimeMs;
    } catch {
      return this.empty();
    }
    if (this.cached?.mtimeMs === mtimeMs) return this.cached.value;
    const parsed = this.schema.safeParse(JSON.parse(readFileSync(this.path, 'utf8')));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${this.path} is invalid at "${issue.path.join('.')}": ${issue.message}`);
    }
    this.cached = { mtimeMs, value: parsed.data };
    return parsed.data;
  }

  write(value: T): void {
    const checked = this.schema.parse(value);
    mkdirSync(dirname(this.path), { recursive: true });
    const temp = `${this.path}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temp, `${JSON.stringify(checked, null, 2)}\n`);
    renameSync(temp, this.path);
    this.cached = undefined;
  }
}
