export {
  CORRELATION_ATTRIBUTE,
  UPSTREAM_ATTRIBUTE,
  startTracing,
  traceHeaders,
  traceRequests,
  tracedFetch,
  tracedListener,
  tracesUrl,
  tracingEnabled,
} from './tracing';
export type { TracingOptions } from './tracing';
