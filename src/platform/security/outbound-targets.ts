import { BlockList, isIP } from 'node:net';
import type { AppConfig } from '../../config/index.ts';

/**
 * Outbound safety for merchant-given URLs we post to, i.e. webhooks (server-side request forgery). The checks run at delivery time on the
 * addresses DNS returns right then, and the request is sent to exactly the address that was checked, so a
 * name that resolves to a public address at order creation and to 127.0.0.1 later (DNS rebinding) is caught.
 */
export interface TargetPolicy {
  projectMode: 'test' | 'live';
  /** Development setting (WEBHOOK_ALLOW_PRIVATE_TARGETS): http and loopback/private addresses for everyone. */
  allowPrivateTargets: boolean;
}

/** The policy for a project of this mode under this configuration. */
export function targetPolicyFor(
  projectMode: 'test' | 'live',
  config: Pick<AppConfig, 'webhooks'>,
): TargetPolicy {
  return { projectMode, allowPrivateTargets: config.webhooks.allowPrivateTargets };
}

export type AddressCategory = 'public' | 'loopback' | 'private' | 'link_local' | 'unspecified' | 'reserved';

function blockList(ranges: [string, number, 'ipv4' | 'ipv6'][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
  return list;
}

const LOOPBACK = blockList([
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
]);
const PRIVATE = blockList([
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  // Carrier-grade NAT; some clouds put their metadata service here (100.100.100.200).
  ['100.64.0.0', 10, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
]);
/** Link-local holds the cloud metadata services (169.254.169.254, fd00:ec2::254 is unique-local above). */
const LINK_LOCAL = blockList([
  ['169.254.0.0', 16, 'ipv4'],
  ['fe80::', 10, 'ipv6'],
]);
const UNSPECIFIED = blockList([
  ['0.0.0.0', 8, 'ipv4'],
  ['::', 128, 'ipv6'],
]);
const RESERVED = blockList([
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['ff00::', 8, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['2002::', 16, 'ipv6'],
]);

/** What kind of address this is; IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 inside. */
export function categorizeAddress(address: string): AddressCategory {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const family = isIP(ip) === 4 ? 'ipv4' : isIP(ip) === 6 ? 'ipv6' : null;
  if (!family) return 'reserved';
  if (LOOPBACK.check(ip, family)) return 'loopback';
  if (UNSPECIFIED.check(ip, family)) return 'unspecified';
  if (LINK_LOCAL.check(ip, family)) return 'link_local';
  if (PRIVATE.check(ip, family)) return 'private';
  if (RESERVED.check(ip, family)) return 'reserved';
  return 'public';
}

/** Why an address may not be posted to, or null when it may. Link-local (metadata) is never allowed. */
export function refuseAddress(address: string, policy: TargetPolicy): string | null {
  const category = categorizeAddress(address);
  if (category === 'public') return null;
  if (category === 'loopback' && (policy.projectMode === 'test' || policy.allowPrivateTargets)) return null;
  if (category === 'private' && policy.allowPrivateTargets) return null;
  return `${address} is a ${category.replace('_', '-')} address`;
}

/** Why a URL may not be posted to before any lookup (scheme, credentials), or null when it may. */
export function refuseUrl(url: URL, policy: TargetPolicy): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${url.protocol} URLs are not allowed`;
  if (url.protocol === 'http:' && policy.projectMode === 'live' && !policy.allowPrivateTargets) {
    return 'live projects must use an https webhook URL';
  }
  if (url.username || url.password) return 'webhook URLs must not carry credentials';
  return null;
}

/**
 * The same rules applied when a webhook URL is given (order creation, project settings), so a merchant hears
 * about an unusable URL at once instead of from a failed delivery. Names are resolved only at delivery time.
 */
export function refuseWebhookUrl(url: string, policy: TargetPolicy): string | null {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  return refuseUrl(parsed, policy) ?? (isIP(host) ? refuseAddress(host, policy) : null);
}
