import { crmSuite } from './crm.suite';

describe('CRM stand-in on PGlite', () => crmSuite('pglite'));
