// Catalog API benchmark: GET /api/products (a category with two filters) at 50 concurrent
// connections through the gateway, cold (gateway cache off) and cached, next to a bare Node
// http server answering the same JSON from memory; and the first-load JavaScript (gzip) of the
// category and product pages.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium, freePort, launchChromium, REMOTE_APPS, root } from '../scripts/lib.mjs';
import { firstLoadOf } from './frontend.mjs';
import { productionEnv } from '../scripts/local-secrets.mjs';

const CONCURRENCY = 50;
const REQUESTS = 3000;
const PATH = '/api/products?category=bras&bandSize=36&cupSize=C';

/**
 * With BENCH_CPU_PROF set to a folder, every service the bench starts writes a V8 CPU profile
 * there when it stops (open it in Chrome DevTools): where a bench's time goes.
 */
const profiling = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

/** Starts a service with its stdout and stderr kept in `log`, so a failure can be traced. */
export async function run(main, env, health, log) {
  const out = openSync(log, 'a');
  const child = spawn(process.execPath, [...profiling, main], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  for (let i = 0; i < 900; i += 1) {
    if (
      await fetch(health)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return child;
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${main} did not start; its log is ${log}`);
}

/** The error an answer carries, read from the one JSON error shape when it has it. */
export function describeFailure(path, status, text) {
  let error;
  try {
    error = JSON.parse(text).error;
  } catch {
    error = undefined;
  }
  return {
    path,
    status,
    code: error?.code ?? null,
    message: error?.message ?? text.slice(0, 200),
    correlationId: error?.correlationId ?? null,
  };
}

async function load(port, paths) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const failures = [];
  /** One request: its latency when answered 200, else undefined with the failure recorded (never thrown, so one bad answer does not hide the rest). */
  const one = (path) =>
    new Promise((resolve) => {
      const started = performance.now();
      http
        .get({ agent, host: '127.0.0.1', port, path }, (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            if (res.statusCode === 200) return resolve(performance.now() - started);
            failures.push(describeFailure(path, res.statusCode, Buffer.concat(chunks).toString('utf8')));
            resolve(undefined);
          });
        })
        .on('error', (error) => {
          failures.push({
            path,
            status: null,
            code: error.code ?? null,
            message: `the request failed: ${error.message}`,
            correlationId: null,
          });
          resolve(undefined);
        });
    });
  for (let i = 0; i < 50; i += 1) await one(paths[i % paths.length]);
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const ms = await one(paths[next++ % paths.length]);
        if (ms !== undefined) latencies.push(ms);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0, failures };
}

/** What the gateway logged of each failed request, by correlation id: the upstream call and why it failed. */
export function gatewayReasons(log) {
  const reasons = new Map();
  if (!existsSync(log)) return reasons;
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line);
    if (!entry.correlationId || reasons.has(entry.correlationId)) continue;
    const call = [entry.upstream ?? 'commerce', entry.operation].filter(Boolean).join(' ');
    reasons.set(
      entry.correlationId,
      `${call}: ${entry.reason ?? [entry.message, entry.code, entry.status].filter(Boolean).join(' ')}`,
    );
  }
  return reasons;
}

/** Failed requests grouped by their answer and the reason the gateway logged, with a few correlation ids to look up. */
export function summariseFailures(failures, reasons = new Map()) {
  const groups = new Map();
  for (const failure of failures) {
    const reason = (failure.correlationId && reasons.get(failure.correlationId)) ?? 'not in the gateway log';
    const key = `${failure.status ?? 'no answer'} ${failure.code ?? ''} ${failure.message} ${reason}`;
    const group = groups.get(key) ?? {
      status: failure.status,
      code: failure.code,
      message: failure.message,
      reason,
      count: 0,
      correlationIds: [],
    };
    group.count += 1;
    if (failure.correlationId && group.correlationIds.length < 3) group.correlationIds.push(failure.correlationId);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

/** The log lines of a service that mention one of the correlation ids, or its warnings and errors. */
export function logLinesFor(log, correlationIds) {
  if (!existsSync(log)) return [];
  const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  const matching = lines.filter((line) => correlationIds.some((id) => line.includes(id)));
  return (
    matching.length ? matching : lines.filter((line) => /"level":(40|50|60)|"level":"(warn|error)"/.test(line))
  ).slice(0, 10);
}

/** Stops every service started so far (emptying `children`) and waits for each to exit, and so to flush its log. */
export function stopChildren(children) {
  return Promise.all(
    children.splice(0).map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
}

export async function benchCatalog() {
  ensureChromium();
  const dataDir = mkdtempSync(join(tmpdir(), 'catalog-bench-'));
  // Measured as `npm start` runs: production mode and generated secrets.
  const production = productionEnv(dataDir, {});
  const commercePort = await freePort();
  const logs = {
    commerce: join(dataDir, 'commerce.log'),
    cold: join(dataDir, 'gateway-cold.log'),
    cached: join(dataDir, 'gateway-cached.log'),
  };
  const children = [];
  const stopAll = () => stopChildren(children);
  children.push(
    await run(
      join(root, 'services', 'commerce', 'dist', 'main.js'),
      { ...production, COMMERCE_PORT: String(commercePort), COMMERCE_DATA_DIR: join(dataDir, 'db') },
      `http://127.0.0.1:${commercePort}/healthz`,
      logs.commerce,
    ),
  );
  spawnSync(
    process.execPath,
    [join(root, 'api-gateway', 'dist', 'remote-cli.js'), 'publish', ...REMOTE_APPS.map((app) => join(root, app))],
    { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'ignore' },
  );
  const gateway = async (ttl, log) => {
    const port = await freePort();
    children.push(
      await run(
        join(root, 'api-gateway', 'dist', 'main.js'),
        {
          ...production,
          PORT: String(port),
          DATA_DIR: dataDir,
          COMMERCE_API_URL: `http://127.0.0.1:${commercePort}/commerce`,
          CATALOG_CACHE_TTL_SECONDS: String(ttl),
        },
        `http://127.0.0.1:${port}/healthz`,
        log,
      ),
    );
    return port;
  };
  try {
    const coldPort = await gateway(0, logs.cold);
    const cachedPort = await gateway(60, logs.cached);
    const body = await (await fetch(`http://127.0.0.1:${cachedPort}${PATH}`)).text();
    const bare = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const barePort = bare.address().port;
    const result = {
      bytes: Buffer.byteLength(body),
      bare: await load(barePort, [PATH]),
      cold: await load(coldPort, [PATH]),
      cached: await load(cachedPort, [PATH]),
    };
    bare.close();
    result.logs = logs;
    // A failed request is a defect to trace, not noise: name each failure and what the logs say of it.
    const failed = Object.entries({ bare: result.bare, cold: result.cold, cached: result.cached }).filter(
      ([, x]) => x.failures.length,
    );
    if (failed.length) {
      // The services write their logs as they exit: stop them first, then read what they said.
      await stopAll();
      reportFailures(failed, logs);
      throw new Error(`The catalog bench had failed requests; the services' logs are in ${dataDir}`);
    }
    for (const x of [result.bare, result.cold, result.cached]) delete x.failures;

    const browser = await launchChromium();
    const productUrl = JSON.parse(body).results[0]?.url;
    result.firstLoadGzip = {};
    for (const [name, path] of [
      ['category', '/c/bras'],
      ['product', productUrl],
    ]) {
      result.firstLoadGzip[name] = (
        await firstLoadOf(browser, `http://localhost:${cachedPort}${path}`, 'body')
      ).gzipBytes;
    }
    await browser.close();
    return result;
  } finally {
    await stopAll();
  }
}

/** Prints each failed request group: the answer, the reason the gateway logged, and matching log lines. */
function reportFailures(failed, logs) {
  for (const [label, x] of failed) {
    console.error(
      `\nGET ${PATH} through the gateway (${label}): ${x.failures.length} of ${REQUESTS + 50} requests failed`,
    );
    for (const group of summariseFailures(x.failures, gatewayReasons(logs[label] ?? ''))) {
      console.error(`  ${group.count} x ${group.status ?? 'no answer'} ${group.code ?? ''}: ${group.message}`);
      console.error(`    why (gateway log): ${group.reason}`);
      const ids = group.correlationIds;
      if (ids.length) console.error(`    correlation ids: ${ids.join(', ')}`);
      for (const [service, log] of [
        [`gateway (${label})`, logs[label]],
        ['commerce', logs.commerce],
      ]) {
        for (const line of logLinesFor(log, ids)) console.error(`    ${service}: ${line.slice(0, 400)}`);
      }
    }
  }
}

export function printCatalog(r, baseline) {
  const then = baseline?.catalogApi;
  const ratio = (now, old) => (old ? `${(now / old).toFixed(2)}x` : 'n/a');
  console.log(`\nGET ${PATH} at ${CONCURRENCY} concurrent connections (${r.bytes} bytes):`);
  console.log('  server                      req/s     p95        vs bare server (req/s)');
  for (const [label, x] of [
    ['bare Node http, from memory', r.bare],
    ['gateway, cache off (cold)', r.cold],
    ['gateway, cached', r.cached],
  ]) {
    console.log(
      `  ${label.padEnd(27)} ${x.rps.toFixed(0).padEnd(9)} ${`${x.p95.toFixed(1)} ms`.padEnd(10)} ${(x.rps / r.bare.rps).toFixed(2)}`,
    );
  }
  console.log(`  cached p95 ratio to baseline ${ratio(r.cached.p95, then?.cached?.p95)}`);
  console.log('\nFirst-load JavaScript (gzip):');
  for (const [name, bytes] of Object.entries(r.firstLoadGzip))
    console.log(
      `  ${name.padEnd(10)} ${(bytes / 1024).toFixed(1)} KiB   ratio ${ratio(bytes, then?.firstLoadGzip?.[name])}`,
    );
}
