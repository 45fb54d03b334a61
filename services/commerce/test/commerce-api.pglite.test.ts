import { commerceApiSuite } from './commerce-api.suite';

describe('commerce API on PGlite', () => commerceApiSuite('pglite'));
