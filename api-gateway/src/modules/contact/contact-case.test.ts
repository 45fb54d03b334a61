import { join } from 'node:path';
import { loadBrandCatalog } from '@shop/brands';
import type { BrandCrmConfig } from '../../clients/crm';
import { caseFromContact } from './contact-case';

// The brand's real settings, so the test follows the config schema.
const crm: BrandCrmConfig = loadBrandCatalog({
  dir: join(__dirname, '..', '..', '..', '..', 'brands'),
  environment: 'test',
}).get('vanityfair')!.config.crm;
const input = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  country: 'CA' as const,
  topic: 'returns' as const,
  message: 'The strap broke.',
};

describe('caseFromContact', () => {
  it('takes the subject from the topic and puts the order number and country under the message', () => {
    const brandCase = caseFromContact({ ...input, orderNumber: 'VF100123' }, crm, 'corr-1');
    expect(brandCase).toMatchObject({
      subject: 'Returns and exchanges',
      country: 'CA',
      orderNumber: 'VF100123',
      topic: 'returns',
      crm,
      correlationId: 'corr-1',
    });
    expect(brandCase.description).toBe('The strap broke.\n\nOrder number: VF100123\nCountry: Canada (CA)');
  });

  it('leaves the order number line out when none was given', () => {
    expect(caseFromContact({ ...input, country: 'US', topic: 'other' }, crm).description).toBe(
      'The strap broke.\n\nCountry: United States (US)',
    );
  });
});
