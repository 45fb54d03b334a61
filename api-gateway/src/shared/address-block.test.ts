import { addressBlock } from './address-block';

describe('addressBlock', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as one', () => {
    expect(addressBlock('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBlock('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('gives every address of one IPv6 /64 the same block, and another /64 another', () => {
    const block = addressBlock('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(block).toBe('2001:db8:1:2::/64');
    expect(addressBlock('2001:db8:1:2::1')).toBe(block);
    expect(addressBlock('2001:0DB8:0001:0002:0:0:0:ffff')).toBe(block);
    expect(addressBlock('2001:db8:1:3::1')).not.toBe(block);
    expect(addressBlock('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBlock('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(addressBlock('unknown')).toBe('unknown');
  });
});
