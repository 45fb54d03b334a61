import http from 'node:http';
import type { ApiTransport } from '@shop/platform';

/**
 * API calls of a server render go to the gateway's public /api as the brand's site (the Host
 * header names the brand). Node's fetch does not let a caller set Host, so this is node:http
 * behind fetch's interface. No cookie is sent: a server-rendered page is the same for everyone.
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
      const call = http.get(
        url,
        { headers: { host, accept: request.headers.get('accept') ?? 'application/json' }, signal },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(answer.headers)) {
              if (typeof value === 'string') headers.set(name, value);
            }
            const status = answer.statusCode ?? 502;
            const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status, headers }));
          });
          answer.on('error', reject);
        },
      );
      call.on('error', reject);
    });
  };
  return { baseUrl: new URL('/api', apiOrigin).toString(), fetchFn: fetchFn as typeof fetch };
}
