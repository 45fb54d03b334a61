import { prepareDatabases } from './shop';

/** Before the test files: the databases every shop copies instead of seeding its own. */
export default async function globalSetup(): Promise<void> {
  await prepareDatabases();
}
