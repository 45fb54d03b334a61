import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** axe-core on the page as it is now: no serious or critical violations. axe needs a page from a context of its own. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page: page as never }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
