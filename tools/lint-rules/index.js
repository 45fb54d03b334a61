import { endpointPrefix } from './endpoint-prefix.js';

/**
 * The repository's own ESLint rules, registered in eslint.config.mjs as the `shop` plugin. They live
 * here rather than in tools/eslint-rules, the folder @nx/eslint-plugin loads by itself as TypeScript
 * workspace rules (that loader needs a TypeScript runtime this repository does not install).
 */
export default {
  meta: { name: 'eslint-plugin-shop' },
  rules: { 'endpoint-prefix': endpointPrefix },
};
