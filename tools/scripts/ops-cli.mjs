// npm run ops -- ready|ship|deliver|cancel <orderNumber> [--carrier UPS] [--tracking 1Z...] [--delivered-at ISO]
// npm run ops -- withdraw|restore <styleNumber>
// npm run ops -- refund <returnId>
// Moves an order through fulfilment with the gateway's back-office routes (/api/ops/orders/...),
// takes a product off sale on every brand and puts it back (/api/ops/products/...), or refunds a
// return that came back (/api/ops/returns/{returnId}/refund).
// The key is the shop's own: OPS_API_KEY from the environment, else {DATA_DIR or var}/secrets.env
// (what `npm start` generated); `npm run dev` uses the development default. The gateway is
// SHOP_URL (default http://localhost:8080).
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './lib.mjs';
import { readEnvFile } from './local-secrets.mjs';

const usage = `Usage: npm run ops -- <ready|ship|deliver|cancel> <orderNumber> [options]
       npm run ops -- <withdraw|restore> <styleNumber>
       npm run ops -- refund <returnId>
  ship:     --tracking <number> [--carrier <name>]   (carrier defaults to UPS)
  deliver:  [--delivered-at <ISO date-time>]          (a past time the carrier reported; default now)
  withdraw: takes the product off sale on every brand (its page answers 410); restore puts it back
  refund:   the return ({orderNumber}-R{n}) is back: its value goes back to the card, the shopper is mailed
Environment: OPS_API_KEY (else var/secrets.env, else the development key), SHOP_URL (default http://localhost:8080)`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    tracking: { type: 'string' },
    carrier: { type: 'string', default: 'UPS' },
    'delivered-at': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const [action, subject] = positionals;
const ORDER_MOVES = ['ready', 'ship', 'deliver', 'cancel'];
const PRODUCT_CHANGES = ['withdraw', 'restore'];
const valid = ORDER_MOVES.includes(action)
  ? /^[A-Z]{2}\d{10}$/.test(subject ?? '')
  : action === 'refund'
    ? /^[A-Z]{2}\d{10}-R\d{1,3}$/.test(subject ?? '')
    : PRODUCT_CHANGES.includes(action) && /^[A-Za-z0-9]{2,80}$/.test(subject ?? '');
if (values.help || !valid || positionals.length !== 2) {
  process.stderr.write(`${usage}\n`);
  process.exit(values.help ? 0 : 2);
}
if (action === 'ship' && !values.tracking) {
  process.stderr.write(`ship needs --tracking <number>\n${usage}\n`);
  process.exit(2);
}

const stored = readEnvFile(join(process.env.DATA_DIR ?? join(root, 'var'), 'secrets.env'));
const key = process.env.OPS_API_KEY || stored.OPS_API_KEY || 'dev-only-ops-api-key';
const base = (process.env.SHOP_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const body =
  action === 'ship'
    ? { carrier: values.carrier, trackingNumber: values.tracking }
    : action === 'deliver' && values['delivered-at']
      ? { deliveredAt: values['delivered-at'] }
      : {};

const path = ORDER_MOVES.includes(action)
  ? `orders/${subject}/${action}`
  : action === 'refund'
    ? `returns/${subject}/refund`
    : `products/${subject}/${action}`;
const response = await fetch(`${base}/api/ops/${path}`, {
  method: 'POST',
  headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  body: JSON.stringify(body),
}).catch((error) => {
  process.stderr.write(`The shop at ${base} did not answer (${error.cause?.code ?? error.message}).\n`);
  process.exit(1);
});
const answer = await response.json().catch(() => ({}));
if (!response.ok) {
  process.stderr.write(`${response.status} ${answer.error?.code ?? ''}: ${answer.error?.message ?? 'refused'}\n`);
  process.exit(1);
}
process.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
