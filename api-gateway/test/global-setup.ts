import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A folder for the run's prepared service databases (see `startBuiltService` in ./support). */
export default function globalSetup(): void {
  process.env.GATEWAY_TEST_DATABASES = mkdtempSync(join(tmpdir(), 'gateway-test-databases-'));
}
