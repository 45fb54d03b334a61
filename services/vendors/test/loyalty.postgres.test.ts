import { loyaltySuite } from './loyalty.suite';

describe('loyalty stand-in on PostgreSQL', () => loyaltySuite('postgres'));
