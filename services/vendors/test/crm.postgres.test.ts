import { crmSuite } from './crm.suite';

describe('CRM stand-in on PostgreSQL', () => crmSuite('postgres'));
