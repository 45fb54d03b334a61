import { commerceApiSuite } from './commerce-api.suite';

describe('commerce API on PostgreSQL', () => commerceApiSuite('postgres'));
