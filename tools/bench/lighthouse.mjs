// Lighthouse on every brand's home, first category and that category's first product, as a phone
// sees them (Lighthouse's default mobile emulation: a mid-range phone on slow 4G, simulated), in
// Debian's Chromium against the shop as `npm start` runs it. Each page is measured
// LIGHTHOUSE_RUNS times (3 by default) and the medians are printed against the issue's targets
// and the baseline. `--built` measures the builds already in dist. Each brand's home is measured
// once more with every script blocked: the floor that the document alone sets on this machine.
//
// Then the same pages again with the shell and the remotes built as one bundle without Module
// Federation (tools/webpack/single-bundle.config.cjs, served by a second shop in place of the
// shell's build; the server render is the same), and the federated / single-bundle ratios of
// first-load JavaScript and of LCP: the price of run-time composition. `--federated-only` skips it.
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureChromium, nx, root, run } from '../scripts/lib.mjs';
import { BRANDS, getJson, startShop } from './shop.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** LIGHTHOUSE_BRANDS=hoopcraft,everwear measures those brands only (a quicker look while working). */
const MEASURED_BRANDS = process.env.LIGHTHOUSE_BRANDS ? process.env.LIGHTHOUSE_BRANDS.split(',') : BRANDS;
const KINDS = ['home', 'category', 'product'];
/** Performance, SEO and accessibility as scores (0..1), the timings in ms; `max` marks a ceiling. */
export const TARGETS = {
  performance: { min: 0.95 },
  lcp: { max: 2000 },
  tbt: { max: 150 },
  cls: { max: 0.02 },
  seo: { min: 1 },
  accessibility: { min: 1 },
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The home, the first category of the brand's tree and that category's first product. */
async function pagesOf(port, brand) {
  const { categories } = await getJson(port, brand, '/api/categories');
  const category = categories[0].path;
  const { results } = await getJson(port, brand, `/api/products?category=${encodeURIComponent(category)}&limit=1`);
  return { home: '/', category: `/c/${category}`, product: results[0].url };
}

async function measure(chrome, url, { scripts = true } = {}) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'seo', 'accessibility'],
    // The page as the server sent it, with no script run: what the document alone costs this machine.
    ...(scripts ? {} : { blockedUrlPatterns: ['*.js'] }),
  });
  const { categories, audits } = result.lhr;
  const failing = Object.values(audits)
    .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0)
    .map((audit) => audit.id);
  return {
    performance: categories.performance.score,
    seo: categories.seo.score,
    accessibility: categories.accessibility.score,
    // Lighthouse's measure of this machine's speed during the run (higher is faster): blocking
    // time is simulated from the tasks it observed, so a slower or busier machine reads higher.
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    // The JavaScript the page loaded, as it crossed the network (the gateway gzips it).
    scriptKiB:
      (audits['resource-summary'].details.items.find((item) => item.resourceType === 'script')?.transferSize ?? 0) /
      1024,
    failing,
  };
}

const launchChrome = () =>
  chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });

/**
 * Medians of RUNS measurements of each brand's home, category and product on one running shop
 * (`kinds`), or of the pages with every script blocked (`scripts: false`).
 */
async function measureShop(shop, metrics, { kinds = KINDS, scripts = true } = {}) {
  const chrome = await launchChrome();
  const pages = {};
  try {
    for (const brand of MEASURED_BRANDS) {
      const paths = await pagesOf(shop.port, brand);
      for (const kind of kinds) {
        const url = `http://${brand}.localhost:${shop.port}${paths[kind]}`;
        // One unmeasured visit first, so every measured run sees the same warm server caches.
        await measure(chrome, url, { scripts });
        const runs = [];
        for (let i = 0; i < RUNS; i += 1) runs.push(await measure(chrome, url, { scripts }));
        const figures = Object.fromEntries(
          metrics.map((metric) => [metric, Number(median(runs.map((r) => r[metric])).toFixed(3))]),
        );
        pages[`${brand} ${kind}`] = {
          path: paths[kind],
          ...figures,
          failing: [...new Set(runs.flatMap((r) => r.failing))],
        };
        process.stdout.write('.');
      }
    }
  } finally {
    chrome.kill();
  }
  return pages;
}

export async function benchLighthouse() {
  ensureChromium();
  if (!process.argv.includes('--built')) nx('run-many', '-t', 'build', '--exclude=@shop/e2e');
  const metrics = [...Object.keys(TARGETS), 'scriptKiB', 'benchmarkIndex'];
  const federated = await startShop('lighthouse');
  let pages;
  let noScript;
  try {
    pages = await measureShop(federated, metrics);
    // The floor under blocking time and performance on this machine: each brand's home as the
    // server sends it, with no script at all. No client code can read better than this here.
    noScript = await measureShop(federated, ['performance', 'tbt', 'benchmarkIndex'], {
      kinds: ['home'],
      scripts: false,
    });
  } finally {
    await federated.stop();
  }
  let singleBundle;
  if (!process.argv.includes('--federated-only')) {
    run(process.execPath, [
      join(root, 'node_modules', 'webpack', 'bin', 'webpack.js'),
      '--config',
      join(root, 'tools', 'webpack', 'single-bundle.config.cjs'),
    ]);
    const single = await startShop('lighthouse-single', {
      gatewayEnv: { SHELL_DIST: join(root, 'dist', 'single-bundle') },
    });
    try {
      singleBundle = await measureShop(single, ['lcp', 'tbt', 'scriptKiB']);
    } finally {
      await single.stop();
    }
  }
  process.stdout.write('\n');
  return { runs: RUNS, pages, noScript, ...(singleBundle ? { singleBundle } : {}) };
}

const meets = (metric, value) => {
  const target = TARGETS[metric];
  return target.min !== undefined ? value >= target.min : value <= target.max;
};

export function printLighthouse(current, baseline) {
  console.log(`\nLighthouse, mobile emulation, median of ${current.runs} runs (* misses its target):`);
  console.log(
    '  page                       performance   LCP ms   TBT ms   CLS     SEO    a11y   performance ratio to baseline',
  );
  const cell = (metric, value, width) => `${value}${meets(metric, value) ? ' ' : '*'}`.padEnd(width);
  for (const [name, page] of Object.entries(current.pages)) {
    const then = baseline?.pages?.[name];
    console.log(
      `  ${name.padEnd(26)} ${cell('performance', page.performance, 13)} ${cell('lcp', Math.round(page.lcp), 8)} ${cell('tbt', Math.round(page.tbt), 8)} ${cell('cls', page.cls, 7)} ${cell('seo', page.seo, 6)} ${cell('accessibility', page.accessibility, 6)} ${then ? `${(page.performance / then.performance).toFixed(2)}x` : 'n/a'}`,
    );
  }
  const targets = Object.entries(TARGETS)
    .map(([metric, t]) => `${metric} ${t.min !== undefined ? `>= ${t.min}` : `<= ${t.max}`}`)
    .join(', ');
  console.log(`  targets: ${targets}`);
  const speeds = Object.values(current.pages)
    .map((page) => page.benchmarkIndex)
    .filter((index) => typeof index === 'number');
  if (speeds.length)
    console.log(
      `  machine: Lighthouse benchmark index ${Math.round(Math.min(...speeds))}-${Math.round(Math.max(...speeds))} (per-page medians; blocking time grows as it falls)`,
    );
  if (current.noScript) {
    console.log('  the same home pages with every script blocked (what the document alone costs this machine):');
    for (const [name, page] of Object.entries(current.noScript))
      console.log(
        `    ${name.padEnd(24)} performance ${page.performance}, TBT ${Math.round(page.tbt)} ms (benchmark index ${Math.round(page.benchmarkIndex)})`,
      );
  }
  const failing = [...new Set(Object.values(current.pages).flatMap((page) => page.failing))];
  if (failing.length) console.log(`  failing Lighthouse audits on some page: ${failing.join(', ')}`);
  if (current.singleBundle) printCompositionPrice(current);
}

/** The federated build against the single bundle, page by page, and the median ratios. */
function printCompositionPrice(current) {
  console.log('\nFederated / single bundle (target: ratios <= 1.10):');
  console.log(
    '  page                       first-load JS KiB (fed / single)   ratio   LCP ms (fed / single)   ratio   TBT ms (fed / single)',
  );
  const jsRatios = [];
  const lcpRatios = [];
  for (const [name, page] of Object.entries(current.pages)) {
    const single = current.singleBundle[name];
    if (!single) continue;
    const js = page.scriptKiB / single.scriptKiB;
    const lcp = page.lcp / single.lcp;
    jsRatios.push(js);
    lcpRatios.push(lcp);
    console.log(
      `  ${name.padEnd(26)} ${`${page.scriptKiB.toFixed(1)} / ${single.scriptKiB.toFixed(1)}`.padEnd(34)} ${js.toFixed(2).padEnd(7)} ${`${Math.round(page.lcp)} / ${Math.round(single.lcp)}`.padEnd(23)} ${lcp.toFixed(2).padEnd(7)} ${Math.round(page.tbt)} / ${Math.round(single.tbt)}`,
    );
  }
  console.log(`  median ratio: first-load JS ${median(jsRatios).toFixed(2)}, LCP ${median(lcpRatios).toFixed(2)}`);
}
