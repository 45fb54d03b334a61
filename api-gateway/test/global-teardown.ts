import { rmSync } from 'node:fs';

/** The run's prepared service databases go with it. */
export default function globalTeardown(): void {
  const prepared = process.env.GATEWAY_TEST_DATABASES;
  if (prepared) rmSync(prepared, { recursive: true, force: true });
}
