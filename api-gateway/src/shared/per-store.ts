/** A value per store, loaded once and kept for `ttlMs` (the category tree, the store's inventories, shipping methods). */
export function perStore<T>(ttlMs: number, load: (storeKey: string, correlationId: string) => Promise<T>) {
  const kept = new Map<string, { value: Promise<T>; until: number }>();
  return (storeKey: string, correlationId: string): Promise<T> => {
    const hit = kept.get(storeKey);
    if (hit && hit.until > Date.now()) return hit.value;
    const value = load(storeKey, correlationId);
    kept.set(storeKey, { value, until: Date.now() + ttlMs });
    // A failed load is not kept: the next request tries again.
    value.catch(() => kept.delete(storeKey));
    return value;
  };
}
