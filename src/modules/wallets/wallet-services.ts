import type { AppConfig } from '../../config/index.ts';
import {
  createHttpsMerchantSessionClient,
  type MerchantSessionClient,
} from './wallet-a/merchant-session-client.ts';
import { createSimulatedMerchantSessionClient } from './wallet-a/session-simulator.ts';
import { loadWalletCredentials, type WalletCredentials } from './wallet-credentials.ts';

/** Merchant session transports: `live` is HTTPS with mutual TLS, `test` the simulator of test projects. */
export interface WalletSessionClients {
  live: MerchantSessionClient;
  test: MerchantSessionClient;
}

/** What wallet commands need beyond card payments: the key material and the merchant session transports. */
export interface WalletServices {
  credentials: WalletCredentials;
  sessionClients: WalletSessionClients;
}

/** Replacements the composition root accepts (tests: a recording transport, other key material). */
export interface WalletServiceOverrides {
  credentials?: WalletCredentials;
  sessionClients?: Partial<WalletSessionClients>;
}

/** Built once per process; reads (and checks) every configured key file, so a bad file stops the start. */
export function createWalletServices(
  config: AppConfig,
  overrides: WalletServiceOverrides = {},
): WalletServices {
  return {
    credentials: overrides.credentials ?? loadWalletCredentials(config.wallets),
    sessionClients: {
      live: overrides.sessionClients?.live ?? createHttpsMerchantSessionClient(),
      test: overrides.sessionClients?.test ?? createSimulatedMerchantSessionClient(),
    },
  };
}
