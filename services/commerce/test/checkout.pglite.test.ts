import { checkoutSuite } from './checkout.suite';

describe('checkout on PGlite', () => checkoutSuite('pglite'));
