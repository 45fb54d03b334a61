import { discountCodeSuite } from './discount-codes.suite';

describe('discount codes on PostgreSQL', () => discountCodeSuite('postgres'));
