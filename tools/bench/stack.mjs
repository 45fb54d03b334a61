// The cart and checkout benches through the shop as an operator runs it on several hosts
// (tools/scale/stack.mjs): nginx in front of two gateways and two commerce services, on
// PostgreSQL and Redis. This machine has two cores, so no speed-up is expected: the figures show
// that it works, and what the balancer, the Redis queue and the second instances cost, beside
// the single-instance figures of the same run.
import { STACK_BRAND, startStack } from '../scale/stack.mjs';
import { failIfLost, measureAdds } from './cart.mjs';
import { measurePlacements } from './checkout.mjs';

const PUBLISHABLE_KEY = 'pk_bench_stack';
/** A Redis database of its own (the scale test uses 13), emptied before and after. */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12';

export async function benchStack() {
  const stack = await startStack({
    log: (line) => console.log(`[stack] ${line}`),
    redisUrl: REDIS_URL,
    publishableKey: PUBLISHABLE_KEY,
    prefix: 'bench',
  });
  const port = stack.ports.shop;
  const headers = { host: `${STACK_BRAND}.localhost:${port}` };
  try {
    const { commerceA, commerceB, gatewayA, gatewayB } = stack.procs;
    const processes = {
      'commerce a': commerceA.child.pid,
      'commerce b': commerceB.child.pid,
      'gateway a': gatewayA.child.pid,
      'gateway b': gatewayB.child.pid,
    };
    const { result: cart, agent } = await measureAdds({ port, headers, logs: stack.logs, processes });
    agent.destroy();
    failIfLost(cart, stack.logs, stack.work);
    const checkout = await measurePlacements({
      port,
      hostedUrl: stack.hostedUrl,
      publishableKey: PUBLISHABLE_KEY,
      // Each shopper from an address of its own, as a CDN in front of nginx would say.
      headersOf: (i) => ({ ...headers, 'x-forwarded-for': `10.78.${i}.1` }),
    });
    await stack.stop({ keepLogs: false });
    return { cart, checkout };
  } catch (error) {
    await stack.stop({ keepLogs: true });
    console.error(`The stack's logs are in ${stack.work}`);
    throw error;
  }
}

export function printStack(r) {
  const ms = (x) => `${x.toFixed(1)} ms`;
  console.log('\nThrough nginx: 2 gateways (Redis) and 2 commerce services on PostgreSQL, on this machine:');
  console.log('  case                                        req/s   p50        p95        conflicts');
  for (const [label, x] of [
    ['50 shoppers, own carts', r.cart.shoppers],
    ['20 writers, one cart', r.cart.oneCart],
  ]) {
    console.log(
      `  ${label.padEnd(43)} ${x.rps.toFixed(0).padEnd(7)} ${ms(x.p50).padEnd(10)} ${ms(x.p95).padEnd(10)} ${x.conflicts}`,
    );
    const cpu = Object.entries(x.cpuPerAdd ?? {})
      .map(([name, value]) => `${name} ${value.toFixed(1)} ms`)
      .join(', ');
    console.log(`    CPU per add: ${cpu}`);
  }
  const c = r.checkout;
  console.log(
    `  20 concurrent placements: p50 ${c.p50.toFixed(0)} ms, p95 ${c.p95.toFixed(0)} ms (${c.orders} orders in ${c.seconds.toFixed(2)} s)`,
  );
}
