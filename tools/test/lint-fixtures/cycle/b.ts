// Imports a.ts: the other half of the cycle the lint-rule test builds.
import { a } from './a';

export const b = () => a;
