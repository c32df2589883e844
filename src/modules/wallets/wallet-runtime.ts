import type { Logger } from 'pino';
import type { AppConfig } from '../../config/index.ts';
import {
  createHttpsMerchantSessionClient,
  type MerchantSessionClient,
} from './wallet-a/merchant-session-client.ts';
import { createSimulatedMerchantSessionClient } from './wallet-a/session-simulator.ts';
import { loadWalletCredentials, type WalletCredentials } from './wallet-credentials.ts';

/**
 * What wallet commands need beyond `deps`: the key material read from the configured files, the merchant
 * session transports, and a logger. Commands receive `deps.config` and GraphQL resolvers have no services,
 * so the runtime is found through the configuration object of the running app (two apps in one test process
 * each have their own), as the card payments runtime is.
 */
export interface WalletRuntime {
  credentials: WalletCredentials;
  /** `live`: HTTPS with mutual TLS; `test`: the deterministic simulator of test projects. */
  sessionClients: { live: MerchantSessionClient; test: MerchantSessionClient };
  logger: Logger | null;
}

const runtimes = new WeakMap<AppConfig, WalletRuntime>();

/** Called once per app when its routes are registered; reads (and checks) every configured key file. */
export function bindWalletRuntime(config: AppConfig, logger: Logger): WalletRuntime {
  const runtime = defaultRuntime(config, logger);
  runtimes.set(config, runtime);
  return runtime;
}

export function walletRuntimeFor(config: AppConfig): WalletRuntime {
  let runtime = runtimes.get(config);
  if (!runtime) {
    runtime = defaultRuntime(config, null);
    runtimes.set(config, runtime);
  }
  return runtime;
}

/**
 * Test hook: replaces parts of a running app's wallet runtime, e.g. a recording session transport that proves
 * no request left, or other key material. Only code can call it; there is no configuration for it.
 */
export function overrideWalletRuntime(
  config: AppConfig,
  overrides: {
    credentials?: WalletCredentials;
    sessionClients?: Partial<WalletRuntime['sessionClients']>;
  },
): void {
  const current = walletRuntimeFor(config);
  runtimes.set(config, {
    ...current,
    credentials: overrides.credentials ?? current.credentials,
    sessionClients: { ...current.sessionClients, ...overrides.sessionClients },
  });
}

function defaultRuntime(config: AppConfig, logger: Logger | null): WalletRuntime {
  return {
    credentials: loadWalletCredentials(config.wallets),
    sessionClients: {
      live: createHttpsMerchantSessionClient(),
      test: createSimulatedMerchantSessionClient(),
    },
    logger,
  };
}
