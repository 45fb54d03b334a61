import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORG_ID, getJson, postForm, startVendors } from './support';

const form = { orgid: ORG_ID, email: 'kept@example.com', subject: 'Kept', description: 'Still here after a restart.' };

describe('the embedded CRM database', () => {
  it('is created on first use and kept across restarts, case numbers continuing', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'vendors-restart-')), 'vendors-db');
    const first = await startVendors('pglite', dataDir);
    const { body: stored } = await postForm(`${first.url}/servlet/servlet.WebToCase`, form);
    await first.stop();

    const second = await startVendors('pglite', dataDir);
    try {
      const { body: next } = await postForm(`${second.url}/servlet/servlet.WebToCase`, form);
      expect(Number(next.caseNumber)).toBe(Number(stored.caseNumber) + 1);
      const { body } = await getJson(`${second.url}/cases`);
      expect(body.cases.map((c: { id: string }) => c.id)).toEqual([next.id, stored.id]);
    } finally {
      await second.stop();
    }
  });
});
