import { rmSync } from 'node:fs';

/** After the run: the prepared databases go (each shop's own data folder stays, with its logs). */
export default function globalTeardown(): void {
  const prepared = process.env.SHOP_E2E_DATABASES;
  if (prepared) rmSync(prepared, { recursive: true, force: true });
}
