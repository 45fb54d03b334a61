import { storeQuerySchema } from './stores';

const parse = (query: Record<string, unknown>) => storeQuerySchema.safeParse(query);
const problem = (query: Record<string, unknown>) => {
  const result = parse(query);
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  return `${issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path.join('.')}: ${issue.message}`;
};

describe('store search query schema', () => {
  it('accepts a ZIP code with the default 15-mile radius, or a position with a listed radius', () => {
    expect(parse({ zip: '10001' })).toMatchObject({ success: true, data: { zip: '10001', radius: 15 } });
    expect(parse({ lat: '40.7484', lng: '-73.9967', radius: '300' })).toMatchObject({
      success: true,
      data: { lat: 40.7484, lng: -73.9967, radius: 300 },
    });
  });

  it('rejects a ZIP code that is not five digits, naming zip', () => {
    for (const zip of ['1000', '100011', 'ABCDE', '10001-1234', ''])
      expect(problem({ zip })).toMatch(/^zip: must be a 5-digit US ZIP code/);
    expect(problem({ zip: ['10001', '60601'] })).toMatch(/^zip:/);
  });

  it('accepts only the SPEC radius options, naming radius', () => {
    for (const radius of ['10', '20', '15.0', '1e2', 'far', '-15'])
      expect(problem({ zip: '10001', radius })).toBe('radius: must be one of 15, 30, 50, 100, 300');
  });

  it('bounds latitude and longitude and needs both', () => {
    expect(problem({ lat: '91', lng: '0' })).toBe('lat: must be between -90 and 90');
    expect(problem({ lat: '0', lng: '-181' })).toBe('lng: must be between -180 and 180');
    expect(problem({ lat: 'north', lng: '0' })).toBe('lat: must be a decimal number');
    expect(problem({ lat: '40.1' })).toBe('lng: is required with lat');
    expect(problem({ lng: '-73.9' })).toBe('lat: is required with lng');
  });

  it('needs exactly one kind of origin and no unknown parameters', () => {
    expect(problem({})).toMatch(/^zip: is required/);
    expect(problem({ zip: '10001', lat: '40', lng: '-73' })).toMatch(/^zip: give either zip or lat and lng/);
    expect(problem({ zip: '10001', city: 'New York' })).toMatch(/^city:/);
  });
});
