import type { Db } from './database';

/** One database opened on first use and shared; a failed open is retried by the next caller. */
export function lazyDatabase(open: () => Promise<Db>) {
  let opening: Promise<Db> | undefined;
  return {
    get(): Promise<Db> {
      opening ??= open().catch((error: unknown) => {
        opening = undefined;
        throw error;
      });
      return opening;
    },
    async close(): Promise<void> {
      const current = opening;
      opening = undefined;
      if (current) await (await current.catch(() => undefined))?.close();
    },
  };
}
export type LazyDatabase = ReturnType<typeof lazyDatabase>;
