export { createServiceMetrics, metricsAccess } from './metrics';
export type { MetricsAccess, ServiceMetrics } from './metrics';
