import { ipKey } from './rate-limit';

describe('ipKey: the client a rate limit counts', () => {
  it('keeps an IPv4 address, also when mapped into IPv6', () => {
    expect(ipKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /56 network, however the address is written', () => {
    const a = ipKey('2001:db8:1234:5601::1');
    expect(a).toBe('2001:db8:1234:5600::/56');
    expect(ipKey('2001:0db8:1234:56ff:ffff:ffff:ffff:ffff')).toBe(a);
    expect(ipKey('2001:db8:1234:5701::1')).not.toBe(a);
    expect(ipKey('::1')).toBe('0:0:0:0::/56');
  });
});
