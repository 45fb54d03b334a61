// The page renderer (ADR 0017): renders the server-rendered routes for the gateway, which proxies
// page requests to it. It holds no secret: it gets the brand's public boot config with each
// request, reads data through the gateway's public /api, and loads each remote's server build
// from the published versions folder at the version the brand's registry names.
import http from 'node:http';
import { resolve } from 'node:path';
import { z } from 'zod';
import { RemoteBundles } from './remote-bundles';
import { RenderBudgetExceeded, renderPage } from './render-page';

const env = z
  .object({
    RENDERER_PORT: z.coerce.number().int().min(0).max(65535).default(4020),
    RENDERER_HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default(resolve(process.cwd(), 'var')),
    REMOTES_DIR: z.string().optional(),
    /** How long a page may take to render before the gateway is told to send the browser-rendered shell. */
    RENDER_BUDGET_MS: z.coerce.number().int().min(50).max(10_000).default(800),
    /** The gateway's address for /api calls; only loopback or private addresses are accepted from it. */
    RENDERER_API_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  })
  .parse(process.env);

const bundles = new RemoteBundles(env.REMOTES_DIR ?? resolve(env.DATA_DIR, 'remotes'));

const requestSchema = z.object({
  url: z.string().startsWith('/').max(2048),
  apiOrigin: z.url({ protocol: /^https?$/ }),
  host: z.string().regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/),
  boot: z
    .object({
      brand: z.object({ id: z.string() }).loose(),
      remotes: z.record(z.string(), z.object({ version: z.string() }).loose()),
    })
    .loose(),
});

const MAX_BODY = 512 * 1024;

const answer = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/healthz') return answer(res, 200, { status: 'ok' });
  if (req.method !== 'POST' || req.url !== '/render') {
    return answer(res, 404, { error: { code: 'NOT_FOUND', message: 'POST /render or GET /healthz' } });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY) req.destroy();
    else chunks.push(chunk);
  });
  req.on('end', () => {
    let parsed: z.infer<typeof requestSchema>;
    try {
      parsed = requestSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch {
      return answer(res, 400, {
        error: { code: 'BAD_RENDER_REQUEST', message: 'Expected { url, apiOrigin, host, boot }' },
      });
    }
    const apiOrigin = env.RENDERER_API_ORIGIN ?? parsed.apiOrigin;
    const started = performance.now();
    renderPage({ ...parsed, apiOrigin, boot: parsed.boot as never }, bundles, env.RENDER_BUDGET_MS).then(
      (result) => {
        if (!result) return answer(res, 204, null);
        for (const skip of result.skipped) {
          console.error(JSON.stringify({ level: 'warn', msg: 'remote left to the browser', url: parsed.url, ...skip }));
        }
        res.setHeader('server-timing', `render;dur=${(performance.now() - started).toFixed(0)}`);
        answer(res, 200, result);
      },
      (error: unknown) => {
        const budget = error instanceof RenderBudgetExceeded;
        console.error(
          JSON.stringify({ level: 'warn', msg: 'page not rendered', url: parsed.url, error: String(error) }),
        );
        answer(res, budget ? 503 : 500, {
          error: { code: budget ? 'RENDER_BUDGET_EXCEEDED' : 'RENDER_FAILED', message: String(error) },
        });
      },
    );
  });
});

server.listen(env.RENDERER_PORT, env.RENDERER_HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.RENDERER_PORT;
  console.log(`Page renderer on http://${env.RENDERER_HOST}:${port}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
