/** One answer as the fault test sees it: status, how long it took, and what an outage must carry. */
export interface Sample {
  /** HTTP status, or 0 when the request itself failed (connection refused, reset). */
  status: number;
  /** Sign-in answers 200 either way: `signed-in`, `credentials` or `unavailable` says how it went. */
  outcome?: string;
  code?: string;
  retryAfter?: string | null;
  ms: number;
}

export interface LoadRoute {
  name: string;
  run: () => Promise<Omit<Sample, 'ms'>>;
}

export type PhaseResult = Map<string, Sample[]>;

const label = (sample: Sample) => `${sample.status}${sample.outcome ? `:${sample.outcome}` : ''}`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
};

/**
 * A bounded load: `loops` concurrent loops walk the routes round-robin (each from another offset)
 * until the phase ends and every loop has made one full round, so each route is hit every phase.
 */
export async function runPhase(routes: LoadRoute[], durationMs: number, loops = 4): Promise<PhaseResult> {
  const deadline = Date.now() + durationMs;
  const samples: PhaseResult = new Map(routes.map((route) => [route.name, []]));
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let n = 0; n < routes.length || Date.now() < deadline; n += 1) {
        const route = routes[(n + loop * 3) % routes.length];
        const started = performance.now();
        const answer = await route.run().catch(() => ({ status: 0 }));
        samples.get(route.name)?.push({ ...answer, ms: Math.round(performance.now() - started) });
      }
    }),
  );
  return samples;
}

/** One table per phase: route, status counts, median and max milliseconds. */
export function table(phase: string, result: PhaseResult): string {
  const rows = [...result].map(([route, samples]) => {
    const counts = new Map<string, number>();
    for (const sample of samples) counts.set(label(sample), (counts.get(label(sample)) ?? 0) + 1);
    const statuses = [...counts].map(([status, count]) => `${status}×${count}`).join(' ');
    const ms = samples.map((sample) => sample.ms);
    return `| ${route.padEnd(34)} | ${statuses.padEnd(38)} | ${String(median(ms)).padStart(6)} | ${String(Math.max(...ms)).padStart(6)} |`;
  });
  const header = `| ${'route'.padEnd(34)} | ${'statuses'.padEnd(38)} | ${'median'.padStart(6)} | ${'max ms'.padStart(6)} |`;
  return [
    `Phase: ${phase}`,
    header,
    `|${'-'.repeat(36)}|${'-'.repeat(40)}|${'-'.repeat(8)}|${'-'.repeat(8)}|`,
    ...rows,
  ].join('\n');
}

export const allSamples = (result: PhaseResult) => [...result.values()].flat();
export const isOk = (sample: Pick<Sample, 'status' | 'outcome'>) =>
  sample.status >= 200 && sample.status < 300 && (sample.outcome === undefined || sample.outcome === 'signed-in');
