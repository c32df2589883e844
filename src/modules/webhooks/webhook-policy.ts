import type { AppConfig } from '../../config/index.ts';
import type { TargetPolicy } from './delivery/target-policy.ts';

/** The outbound-safety policy for a project of this mode under this configuration. */
export function webhookPolicy(
  projectMode: 'test' | 'live',
  config: Pick<AppConfig, 'webhooks'>,
): TargetPolicy {
  return { projectMode, allowPrivateTargets: config.webhooks.allowPrivateTargets };
}
