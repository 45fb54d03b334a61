import { discountCodeSuite } from './discount-codes.suite';

describe('discount codes on PGlite', () => discountCodeSuite('pglite'));
