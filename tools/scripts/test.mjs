// npm test: lint (with the module-boundary rules), type checks, unit and API tests, then the
// browser tests against production builds. Installs Debian's Chromium first when missing.
import { ensureChromium, nx } from './lib.mjs';

ensureChromium();
nx('run-many', '-t', 'lint', 'typecheck', 'test');
nx('run', '@shop/e2e:e2e');
