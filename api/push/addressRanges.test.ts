import { describe, expect, it } from 'vitest';
import { addressKind } from './addressRanges';

describe('addressKind', () => {
  it('knows the special IPv4 ranges, and nothing else is special', () => {
    expect(addressKind('127.0.0.1')).toBe('loopback');
    expect(addressKind('127.0.0.2')).toBe('loopback');
    expect(addressKind('0.0.0.0')).toBe('unspecified');
    expect(addressKind('10.0.0.1')).toBe('private');
    expect(addressKind('172.16.0.1')).toBe('private');
    expect(addressKind('172.31.255.255')).toBe('private');
    expect(addressKind('192.168.1.1')).toBe('private');
    expect(addressKind('169.254.169.254')).toBe('link-local');
    expect(addressKind('100.64.0.1')).toBe('shared');
    expect(addressKind('100.127.255.254')).toBe('shared');
    expect(addressKind('224.0.0.251')).toBe('multicast');
    expect(addressKind('255.255.255.255')).toBe('reserved');
    expect(addressKind('192.0.2.10')).toBe('reserved');
    expect(addressKind('198.18.0.1')).toBe('reserved');
    for (const address of ['8.8.8.8', '142.250.185.10', '172.32.0.1', '100.128.0.1', '11.0.0.1', '192.169.0.1']) {
      expect(addressKind(address), address).toBe('public');
    }
  });

  it('knows the special IPv6 ranges, in any spelling', () => {
    expect(addressKind('::1')).toBe('loopback');
    expect(addressKind('0:0:0:0:0:0:0:1')).toBe('loopback');
    expect(addressKind('::')).toBe('unspecified');
    expect(addressKind('fe80::1')).toBe('link-local');
    expect(addressKind('FE80::1%eth0')).toBe('link-local');
    expect(addressKind('fc00::1')).toBe('private');
    expect(addressKind('fd00:ec2::254')).toBe('private');
    expect(addressKind('ff02::1')).toBe('multicast');
    expect(addressKind('2001:db8::1')).toBe('reserved');
    expect(addressKind('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toBe('reserved');
    expect(addressKind('fec0::1')).toBe('reserved');
    expect(addressKind('2607:f8b0:4004:800::200a')).toBe('public');
    expect(addressKind('2a00:1450:4001:82a::200a')).toBe('public');
  });

  it('judges IPv6 forms that carry an IPv4 address by that address', () => {
    // Mapped (::ffff:0:0/96), in dotted and hex spelling.
    expect(addressKind('::ffff:127.0.0.1')).toBe('loopback');
    expect(addressKind('::ffff:7f00:2')).toBe('loopback');
    expect(addressKind('0:0:0:0:0:ffff:169.254.169.254')).toBe('link-local');
    expect(addressKind('::ffff:a00:1')).toBe('private');
    expect(addressKind('::ffff:0.0.0.0')).toBe('unspecified');
    expect(addressKind('::ffff:8.8.8.8')).toBe('public');
    // Compatible (::/96, deprecated but still parsed).
    expect(addressKind('::127.0.0.1')).toBe('loopback');
    expect(addressKind('::192.168.0.1')).toBe('private');
    expect(addressKind('::a9fe:a9fe')).toBe('link-local');
    // NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
    expect(addressKind('64:ff9b::a9fe:a9fe')).toBe('link-local');
    expect(addressKind('64:ff9b::808:808')).toBe('public');
    expect(addressKind('2002:c0a8:101::1')).toBe('private');
    expect(addressKind('2002:7f00:1::')).toBe('loopback');
    expect(addressKind('2002:808:808::1')).toBe('public');
    // IPv4-translated (::ffff:0:0:0/96) is never a push service.
    expect(addressKind('::ffff:0:808:808')).toBe('reserved');
  });

  it('refuses what is not an IP address', () => {
    expect(() => addressKind('localhost')).toThrow(TypeError);
    expect(() => addressKind('127.1')).toThrow(TypeError);
  });
});
