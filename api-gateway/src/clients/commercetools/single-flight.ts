/**
 * Calls with one key that are in flight at the same time share one call: the first starts it,
 * the others wait for its answer (or its error), and once it settles the key is free again, so
 * nothing is kept afterwards (this is not a cache).
 */
export function createSingleFlight() {
  const flights = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, call: () => Promise<T>): Promise<T> {
      const inFlight = flights.get(key);
      if (inFlight) return inFlight as Promise<T>;
      const flight = call().finally(() => flights.delete(key));
      flights.set(key, flight);
      return flight;
    },
    /** Calls in flight now, for tests. */
    get size() {
      return flights.size;
    },
  };
}
