import { addressFacts, categorizeAddress } from '../../src/platform/security/address-category.ts';
import {
  checkedLookup,
  refuseWebhookUrl,
  type TargetPolicy,
} from '../../src/platform/security/outbound-targets.ts';

const live: TargetPolicy = { projectMode: 'live', allowPrivateTargets: false };

/** Address literals as DNS or a parsed URL hands them over, and what each is. */
const SPELLINGS: [string, string][] = [
  // IPv4
  ['93.184.216.34', 'public'],
  ['1.1.1.1', 'public'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.0.1', 'private'],
  ['100.64.0.1', 'private'],
  ['100.100.100.200', 'private'],
  ['169.254.169.254', 'link_local'],
  ['0.0.0.0', 'unspecified'],
  ['224.0.0.251', 'reserved'],
  ['255.255.255.255', 'reserved'],
  ['192.0.2.1', 'reserved'],
  ['240.0.0.1', 'reserved'],
  // IPv6 proper
  ['2606:4700:4700::1111', 'public'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['[::1]', 'loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'link_local'],
  ['fe80::1%eth0', 'link_local'],
  ['fd00:ec2::254', 'private'],
  ['fc00::1', 'private'],
  ['fec0::1', 'private'],
  ['ff02::1', 'reserved'],
  ['2001:db8::1', 'reserved'],
  // IPv4-mapped
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::FFFF:7F00:0001', 'loopback'],
  ['[::ffff:a9fe:a9fe]', 'link_local'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:5db8:d822', 'public'],
  // IPv4-translated (::ffff:0:0/96)
  ['[::ffff:0:7f00:1]', 'loopback'],
  ['[::ffff:0:a9fe:a9fe]', 'link_local'],
  ['::ffff:0:127.0.0.1', 'loopback'],
  // IPv4-compatible (deprecated)
  ['[::7f00:1]', 'loopback'],
  ['::127.0.0.1', 'loopback'],
  ['::a9fe:a9fe', 'link_local'],
  ['::c0a8:1', 'private'],
  // NAT64
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b::169.254.169.254', 'link_local'],
  ['64:ff9b::a00:1', 'private'],
  ['64:ff9b::5db8:d822', 'public'],
  ['64:ff9b:1::1', 'private'],
  // 6to4: the IPv4 address in bits 16-48; a tunnel even with a public one inside
  ['2002:7f00:1::1', 'loopback'],
  ['2002:a9fe:a9fe::', 'link_local'],
  ['2002:c0a8:101::1', 'private'],
  ['2002:5db8:d822::1', 'reserved'],
  // Teredo: server IPv4 in bits 32-64, client IPv4 inverted in the last 32 bits
  ['2001:0:7f00:1::1', 'loopback'],
  ['2001:0:5db8:d822:0:0:f5ff:fffe', 'private'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
  // Not an address at all
  ['localhost', 'reserved'],
  ['999.1.1.1', 'reserved'],
];

describe('address classification (ipaddr.js)', () => {
  it.each(SPELLINGS)('classifies %s as %s', (spelling, category) => {
    expect(categorizeAddress(spelling)).toBe(category);
  });

  it('covers more than 40 spellings', () => {
    expect(SPELLINGS.length).toBeGreaterThan(40);
  });

  it('names the IPv4 address an IPv6 form carries', () => {
    expect(addressFacts('::ffff:0:a9fe:a9fe')).toEqual({
      category: 'link_local',
      embedded: { form: 'IPv4-translated', ipv4: '169.254.169.254' },
    });
    expect(addressFacts('2001:0:4136:e378:8000:63bf:3fff:fdd2').embedded).toMatchObject({
      form: 'Teredo server',
    });
  });

  it.each([
    'https://[::7f00:1]/hook',
    'https://[::ffff:0:7f00:1]/hook',
    'https://[::ffff:0:a9fe:a9fe]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:7f00:1]/hook',
    'https://[64:ff9b::a9fe:a9fe]/latest/meta-data',
    'https://[2002:7f00:1::1]/hook',
    'https://[2001:0:7f00:1::1]/hook',
    'https://[fec0::1]/hook',
    'https://[fe80::1]/hook',
    'https://2130706433/hook',
    'https://0x7f000001/hook',
    'https://017700000001/hook',
    'https://127.1/hook',
    'https://0x7f.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::]/hook',
  ])('refuses %s for a live project when the URL is given', (url) => {
    expect(refuseWebhookUrl(url, live)).not.toBeNull();
  });

  it('accepts a public address in any spelling', () => {
    expect(refuseWebhookUrl('https://93.184.216.34/hook', live)).toBeNull();
    expect(refuseWebhookUrl('https://[2606:4700:4700::1111]/hook', live)).toBeNull();
    expect(refuseWebhookUrl('https://[64:ff9b::5db8:d822]/hook', live)).toBeNull();
    expect(refuseWebhookUrl('https://shop.example/hook', live)).toBeNull();
  });
});

describe('connections to fixed names (wallet A gateway hosts)', () => {
  const lookupWith = (addresses: { address: string; family: number }[]) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      checkedLookup(live, async () => addresses)(
        'apple-pay-gateway.apple.com',
        { all: true },
        (error, address) => resolve({ error, address }),
      ),
    );

  it.each([['::ffff:7f00:1'], ['64:ff9b::a9fe:a9fe'], ['10.1.2.3'], ['::7f00:1']])(
    'refuses to connect when the name resolves to %s',
    async (address) => {
      const { error } = await lookupWith([
        { address: '17.141.128.7', family: 4 },
        { address, family: address.includes(':') ? 6 : 4 },
      ]);
      expect(error?.code).toBe('EREFUSEDTARGET');
    },
  );

  it('connects when every address is public', async () => {
    const addresses = [{ address: '17.141.128.7', family: 4 }];
    expect(await lookupWith(addresses)).toEqual({ error: null, address: addresses });
  });
});
