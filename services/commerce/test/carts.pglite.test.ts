import { cartSuite } from './carts.suite';

describe('carts on PGlite', () => cartSuite('pglite'));
