import { loyaltySuite } from './loyalty.suite';

describe('loyalty stand-in on PGlite', () => loyaltySuite('pglite'));
