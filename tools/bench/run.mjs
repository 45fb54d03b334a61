// npm run bench: cold production build time of all apps, the first-load JavaScript of / per
// brand (raw and gzip), and the commerce service's seed/start times and product search latency
// on the default and the 100,000-product seed, printed with ratios against baseline.json.
// `npm run bench -- frontend`, `-- commerce`, `-- catalog`, `-- cart` or `-- checkout` runs one part (the cart part:
// add to bag at 50 shoppers and at 20 writers on one cart; the checkout part: 20 concurrent order placements and what
// each vendor call adds to one; `-- flags`: OFREP evaluation at 100 concurrent browsers and the time from an admin
// change to an open page showing it); `-- lighthouse` runs Lighthouse (mobile) three times on every brand's home, first
// category and product and prints the medians (only when named: it takes about ten minutes);
// `-- stack` runs the cart and checkout parts through nginx in front of two gateways and two commerce services on
// PostgreSQL and Redis (`npm run bench -- cart checkout stack` prints all three side by side);
// `--update-baseline` records the current figures as the new baseline.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nx, root } from '../scripts/lib.mjs';
import { benchCommerce, printCommerce } from './commerce.mjs';
import { benchFrontend, printFrontend } from './frontend.mjs';
import { benchCatalog, printCatalog } from './catalog.mjs';
import { benchCart, printCart } from './cart.mjs';
import { benchCheckout, printCheckout } from './checkout.mjs';
import { postgresAnswers, withTemporaryDatabase } from './postgres.mjs';
import { benchLighthouse, printLighthouse } from './lighthouse.mjs';
import { benchFlags, printFlags } from './flags.mjs';
import { benchStack, printStack } from './stack.mjs';

const baselinePath = join(root, 'tools', 'bench', 'baseline.json');
const parts = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const wants = (part) => parts.length === 0 || parts.includes(part);
const baseline = existsSync(baselinePath) ? JSON.parse(readFileSync(baselinePath, 'utf8')) : {};
const current = { ...baseline };

if (wants('frontend')) {
  Object.assign(current, await benchFrontend());
  printFrontend(current, baseline);
}
if (wants('commerce')) {
  // The relevance figure asks the brands' gateway (synonyms and typo tolerance live there).
  nx('run-many', '-t', 'build', '-p', '@shop/commerce-service', '@shop/api-gateway');
  current.commerce = [await benchCommerce(1500, 4000), await benchCommerce(100_000, 4000)];
  printCommerce(current.commerce, baseline);
}
if (wants('catalog')) {
  nx('run-many', '-t', 'build', '--exclude=@shop/e2e');
  current.catalogApi = await benchCatalog();
  printCatalog(current.catalogApi, baseline);
}
if (wants('cart')) {
  nx('run-many', '-t', 'build', '-p', '@shop/commerce-service', '@shop/api-gateway');
  current.cartApi = await benchCart();
  printCart(current.cartApi, baseline);
  if (await postgresAnswers()) {
    current.cartApiPostgres = await withTemporaryDatabase((databaseUrl) => benchCart({ databaseUrl }));
    printCart(current.cartApiPostgres, baseline, 'PostgreSQL');
  }
}
if (wants('checkout')) {
  nx('run-many', '-t', 'build', '-p', '@shop/commerce-service', '@shop/vendor-services', '@shop/api-gateway');
  current.checkoutApi = await benchCheckout();
  printCheckout(current.checkoutApi);
  if (await postgresAnswers()) {
    current.checkoutApiPostgres = await withTemporaryDatabase((databaseUrl) => benchCheckout({ databaseUrl }));
    printCheckout(current.checkoutApiPostgres, 'PostgreSQL');
  }
}
if (wants('stack')) {
  if (await postgresAnswers()) {
    // The stack serves pages too: the renderer and the remotes' builds.
    nx('run-many', '-t', 'build', '--exclude=@shop/e2e');
    current.stack = await benchStack();
    printStack(current.stack);
  } else console.log('\nThe stack part needs PostgreSQL (PG_ADMIN_URL): left out.');
}
if (wants('flags')) {
  nx('run-many', '-t', 'build', '--exclude=@shop/e2e');
  current.flags = await benchFlags();
  printFlags(current.flags, baseline);
}
if (parts.includes('lighthouse')) {
  current.lighthouse = await benchLighthouse();
  printLighthouse(current.lighthouse, baseline.lighthouse);
}
if (process.argv.includes('--update-baseline')) {
  writeFileSync(baselinePath, `${JSON.stringify(current, null, 2)}\n`);
  console.log(`\nBaseline written to ${baselinePath}`);
}
