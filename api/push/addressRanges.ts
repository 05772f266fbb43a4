/**
 * What kind of destination an IP address is. The push sender connects only to public unicast
 * addresses, so a subscription cannot aim our server at itself, the cloud metadata service or the
 * private network behind it. IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64,
 * 6to4) are judged by the IPv4 address they carry.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export type AddressKind = 'public' | 'loopback' | 'unspecified' | 'private' | 'link-local' | 'shared' | 'multicast' | 'reserved';

const RANGES: Record<Exclude<AddressKind, 'public'>, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  unspecified: ['0.0.0.0/8', '::/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  'link-local': ['169.254.0.0/16', 'fe80::/10'],
  // Carrier-grade NAT: the provider's network, not the internet.
  shared: ['100.64.0.0/10'],
  multicast: ['224.0.0.0/4', 'ff00::/8'],
  // Protocol assignments, documentation, benchmarking, the future-use block with the broadcast
  // address; IPv6 discard, IETF protocol assignments (Teredo among them), documentation, the old
  // site-local block, local-use NAT64 and IPv4-translated addresses.
  reserved: [
    '192.0.0.0/24',
    '192.0.2.0/24',
    '198.18.0.0/15',
    '198.51.100.0/24',
    '203.0.113.0/24',
    '240.0.0.0/4',
    '100::/64',
    '2001::/23',
    '2001:db8::/32',
    'fec0::/10',
    '64:ff9b:1::/48',
    '::ffff:0:0:0/96',
  ],
};

const LISTS = Object.entries(RANGES).map(([kind, subnets]) => {
  const list = new BlockList();
  for (const subnet of subnets) {
    const [network, prefix] = subnet.split('/') as [string, string];
    list.addSubnet(network, Number(prefix), isIPv6(network) ? 'ipv6' : 'ipv4');
  }
  return [kind as AddressKind, list] as const;
});

/** The eight 16-bit words of a valid IPv6 address (a dotted IPv4 tail counts as two). */
function ipv6Words(address: string): number[] {
  const hex = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_match, a: string, b: string, c: string, d: string) =>
    `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
  );
  const [head, tail] = hex.split('::') as [string, string | undefined];
  const words = (part: string | undefined) => (part ? part.split(':').map((word) => parseInt(word, 16)) : []);
  const [before, after] = [words(head), words(tail)];
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

const dotted = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/** The IPv4 address an IPv6 address carries, if it is one of the forms that carry one. */
function embeddedIPv4(words: number[]): string | undefined {
  const [w0, w1, w2, w3, w4, w5, w6, w7] = words as [number, number, number, number, number, number, number, number];
  const zeroTo = (end: number) => words.slice(0, end).every((word) => word === 0);
  if (zeroTo(5) && w5 === 0xffff) return dotted(w6, w7); // ::ffff:a.b.c.d (mapped)
  if (zeroTo(6) && (w6 !== 0 || w7 > 1)) return dotted(w6, w7); // ::a.b.c.d (compatible), not :: or ::1
  if (w0 === 0x64 && w1 === 0xff9b && w2 === 0 && w3 === 0 && w4 === 0 && w5 === 0) return dotted(w6, w7); // 64:ff9b::/96 (NAT64)
  if (w0 === 0x2002) return dotted(w1, w2); // 2002::/16 (6to4)
  return undefined;
}

/** The kind of an IPv4 or IPv6 address (an IPv6 zone, `%eth0`, is ignored); throws on anything else. */
export function addressKind(address: string): AddressKind {
  const bare = address.replace(/%.*$/, '').toLowerCase();
  if (isIPv4(bare)) return LISTS.find(([, list]) => list.check(bare, 'ipv4'))?.[0] ?? 'public';
  if (!isIPv6(bare)) throw new TypeError(`Not an IP address: ${address}`);
  const carried = embeddedIPv4(ipv6Words(bare));
  if (carried) return addressKind(carried);
  return LISTS.find(([, list]) => list.check(bare, 'ipv6'))?.[0] ?? 'public';
}
