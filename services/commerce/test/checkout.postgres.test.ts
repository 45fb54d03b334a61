import { checkoutSuite } from './checkout.suite';

describe('checkout on PostgreSQL', () => checkoutSuite('postgres'));
