import { paymentSuite } from './payment.suite';

describe('payment stand-in on PostgreSQL', () => paymentSuite('postgres'));
