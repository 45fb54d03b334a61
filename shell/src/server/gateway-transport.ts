import http from 'node:http';
import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import type { ApiTransport } from '@shop/platform';

/**
 * API calls of a server render go to the gateway's public /api as the brand's site (the Host
 * header names the brand). Node's fetch does not let a caller set Host, so this is node:http
 * behind fetch's interface. No cookie is sent: a server-rendered page is the same for everyone.
 * When the renderer traces, each read is a client span of the render and carries its traceparent.
 */
export function gatewayTransport(apiOrigin: string, host: string, signal: AbortSignal): ApiTransport {
  const fetchFn = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    return new Promise((resolve, reject) => {
      if (request.method !== 'GET') {
        reject(new Error(`a server render only reads (${request.method} ${url.pathname})`));
        return;
      }
      const span = trace.getTracer('shop-renderer').startSpan('GET gateway', {
        kind: SpanKind.CLIENT,
        attributes: { 'http.request.method': 'GET', 'url.full': `${url.origin}${url.pathname}` },
      });
      const sent: Record<string, string> = { host, accept: request.headers.get('accept') ?? 'application/json' };
      propagation.inject(trace.setSpan(context.active(), span), sent);
      const ended = (status?: number) => {
        if (status !== undefined) span.setAttribute('http.response.status_code', status);
        if (status === undefined || status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      };
      const call = http.get(url, { headers: sent, signal }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) {
            if (typeof value === 'string') headers.set(name, value);
          }
          const status = answer.statusCode ?? 502;
          ended(status);
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status, headers }));
        });
        answer.on('error', (error) => (ended(), reject(error)));
      });
      call.on('error', (error) => (ended(), reject(error)));
    });
  };
  return { baseUrl: new URL('/api', apiOrigin).toString(), fetchFn: fetchFn as typeof fetch };
}
