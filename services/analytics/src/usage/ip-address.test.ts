import { describe, expect, it } from 'vitest';
import { truncateIpAddress } from './ip-address.ts';

describe('truncateIpAddress', () => {
  it('keeps an IPv4 address’s /24 and an IPv6 address’s /48', () => {
    expect(truncateIpAddress('203.0.113.77')).toBe('203.0.113.0');
    expect(truncateIpAddress('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
    expect(truncateIpAddress('::ffff:198.51.100.9')).toBe('198.51.100.0');
    expect(truncateIpAddress('::1')).toBe('::');
  });

  it('stores nothing for what is not an address', () => {
    expect(truncateIpAddress(undefined)).toBeNull();
    expect(truncateIpAddress('')).toBeNull();
    expect(truncateIpAddress('localhost')).toBeNull();
  });
});
