import { paymentSuite } from './payment.suite';

describe('payment stand-in on PGlite', () => paymentSuite('pglite'));
