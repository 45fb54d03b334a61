import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServiceMetrics } from './metrics';

/** docs/grafana/shop-platform.json: every query names series the services export. */
describe('the sample Grafana dashboard', () => {
  const dashboard = JSON.parse(
    readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'grafana', 'shop-platform.json'), 'utf8'),
  ) as { panels: Array<{ title: string; targets: Array<{ expr: string }> }> };

  it('queries only metrics the services register', async () => {
    const metrics = createServiceMetrics('dashboard-check', { open: true });
    metrics.gauge('db_pool_connections', 'as commerce registers it', ['state'], () => []);
    metrics.gauge('job_queue_jobs', 'as the gateway registers it', ['queue', 'state'], () => []);
    const names = new Set(
      (await metrics.registry.getMetricsAsJSON()).flatMap(({ name, type }) =>
        String(type) === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name],
      ),
    );
    // Words with an underscore are metric names, but for PromQL's own functions.
    const functions = new Set(['histogram_quantile', 'label_values']);
    const queried = dashboard.panels
      .flatMap((panel) => panel.targets.flatMap((target) => target.expr.match(/\b[a-z]+(?:_[a-z0-9]+)+\b/g) ?? []))
      .filter((word) => !functions.has(word));
    const unknown = queried.filter((name) => !names.has(name));
    expect(queried.length).toBeGreaterThan(10);
    expect(unknown).toEqual([]);
  });
});
