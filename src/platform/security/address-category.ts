import ipaddr from 'ipaddr.js';

/**
 * What kind of address an IP literal is, by a well-kept library (ipaddr.js), for the outbound safety rules
 * (webhooks, wallet A sessions). Every IPv6 form that carries an IPv4 address is judged by the IPv4 address it
 * carries: IPv4-mapped (`::ffff:7f00:1`), IPv4-translated (`::ffff:0:7f00:1`), IPv4-compatible (`::7f00:1`),
 * NAT64 (`64:ff9b::7f00:1`), 6to4 (`2002:7f00:1::`) and Teredo (server and client). 6to4 and Teredo
 * addresses are tunnels, never a webhook receiver: with a public IPv4 inside they are still refused, as
 * reserved. Site-local (`fec0::/10`, deprecated) counts as private, as does the local-use NAT64 prefix.
 */
export type AddressCategory = 'public' | 'loopback' | 'private' | 'link_local' | 'unspecified' | 'reserved';

export interface AddressFacts {
  category: AddressCategory;
  /** The IPv4 address an IPv6 form carries, and which form: for messages. */
  embedded?: { form: string; ipv4: string };
}

const V4_CATEGORY: Record<string, AddressCategory> = {
  unicast: 'public',
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'private',
  linkLocal: 'link_local',
  unspecified: 'unspecified',
};

const V6_CATEGORY: Record<string, AddressCategory> = {
  unicast: 'public',
  loopback: 'loopback',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
  linkLocal: 'link_local',
  unspecified: 'unspecified',
};

/** The facts of an IP literal (brackets and an IPv6 zone are allowed); anything unparseable is reserved. */
export function addressFacts(text: string): AddressFacts {
  const literal = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (!ipaddr.isValid(literal)) return { category: 'reserved' };
  const address = ipaddr.parse(literal);
  if (address.kind() === 'ipv4') return { category: v4Category(address as ipaddr.IPv4) };
  return v6Facts(address as ipaddr.IPv6);
}

export function categorizeAddress(text: string): AddressCategory {
  return addressFacts(text).category;
}

function v4Category(address: ipaddr.IPv4): AddressCategory {
  return V4_CATEGORY[address.range()] ?? 'reserved';
}

function v4Of(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function carrying(form: string, ipv4: ipaddr.IPv4, tunnel = false): AddressFacts {
  const inner = v4Category(ipv4);
  return {
    category: tunnel && inner === 'public' ? 'reserved' : inner,
    embedded: { form, ipv4: ipv4.toString() },
  };
}

function v6Facts(address: ipaddr.IPv6): AddressFacts {
  const parts = address.parts;
  const range = address.range();
  // IPv4-compatible (::a.b.c.d, deprecated): no range of its own, the first 96 bits are zero.
  if (range === 'unicast' && parts.slice(0, 6).every((part) => part === 0)) {
    return carrying('IPv4-compatible', v4Of(parts[6]!, parts[7]!));
  }
  switch (range) {
    case 'ipv4Mapped':
      return carrying('IPv4-mapped', v4Of(parts[6]!, parts[7]!));
    case 'rfc6145':
      return carrying('IPv4-translated', v4Of(parts[6]!, parts[7]!));
    case 'rfc6052':
      // The well-known prefix 64:ff9b::/96 carries the IPv4 address last; 64:ff9b:1::/48 is for local use.
      return parts[2] === 0 && parts[3] === 0 && parts[4] === 0 && parts[5] === 0
        ? carrying('NAT64', v4Of(parts[6]!, parts[7]!))
        : { category: 'private' };
    case '6to4':
      return carrying('6to4', v4Of(parts[1]!, parts[2]!), true);
    case 'teredo': {
      const server = carrying('Teredo server', v4Of(parts[2]!, parts[3]!), true);
      // The client's address is stored inverted.
      const client = carrying('Teredo client', v4Of(~parts[6]! & 0xffff, ~parts[7]! & 0xffff), true);
      return server.category !== 'reserved' ? server : client.category !== 'reserved' ? client : server;
    }
    default:
      return { category: V6_CATEGORY[range] ?? 'reserved' };
  }
}
