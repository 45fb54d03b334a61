import { cartSuite } from './carts.suite';

describe('carts on PostgreSQL', () => cartSuite('postgres'));
