import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import type { AppConfig } from '../../config/index.ts';
import { addressFacts } from './address-category.ts';

export { type AddressCategory, categorizeAddress } from './address-category.ts';

/**
 * Outbound safety for merchant-given URLs we post to, i.e. webhooks (server-side request forgery). The checks run at delivery time on the
 * addresses DNS returns right then, and the request is sent to exactly the address that was checked, so a
 * name that resolves to a public address at order creation and to 127.0.0.1 later (DNS rebinding) is caught.
 */
export interface TargetPolicy {
  projectMode: 'test' | 'live';
  /** Development setting (WEBHOOK_ALLOW_PRIVATE_TARGETS): http and loopback/private addresses for everyone. */
  allowPrivateTargets: boolean;
  /**
   * Test projects may post to loopback (WEBHOOK_TEST_PROJECTS_LOOPBACK; absent: they may). Off in production by
   * default: every merchant has a test project, and the test webhook answers with the reply's first bytes and
   * timing, so loopback would let any of them read the gateway host's own services.
   */
  testProjectsLoopback?: boolean;
}

/** The policy for a project of this mode under this configuration. */
export function targetPolicyFor(
  projectMode: 'test' | 'live',
  config: Pick<AppConfig, 'webhooks'>,
): TargetPolicy {
  return {
    projectMode,
    allowPrivateTargets: config.webhooks.allowPrivateTargets,
    testProjectsLoopback: config.webhooks.testProjectsLoopback,
  };
}

/** Why an address may not be posted to, or null when it may. Link-local (metadata) is never allowed. */
export function refuseAddress(address: string, policy: TargetPolicy): string | null {
  const { category, embedded } = addressFacts(address);
  if (category === 'public') return null;
  const testLoopback = policy.projectMode === 'test' && policy.testProjectsLoopback !== false;
  if (category === 'loopback' && (testLoopback || policy.allowPrivateTargets)) return null;
  if (category === 'private' && policy.allowPrivateTargets) return null;
  const carried = embedded ? ` (the ${embedded.form} form of ${embedded.ipv4})` : '';
  return `${address} is a ${category.replace('_', '-')} address${carried}`;
}

/**
 * A `lookup` for outgoing connections to a name (not a merchant URL: e.g. the wallet A gateway hosts): resolves
 * as usual and refuses to connect when any address the name resolves to is one the policy refuses, so a
 * poisoned or rebound name cannot point the server at its own network.
 */
export function checkedLookup(
  policy: TargetPolicy,
  resolve: (hostname: string) => Promise<{ address: string; family: number }[]> = (hostname) =>
    lookup(hostname, { all: true, order: 'verbatim' }),
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.map(({ address }) => refuseAddress(address, policy)).find(Boolean);
        if (refused || addresses.length === 0) {
          const error = Object.assign(new Error(`${hostname} resolves to ${refused ?? 'no address'}`), {
            code: 'EREFUSEDTARGET',
          });
          callback(error, '', 0);
        } else if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
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
