import type { PaymentDeps } from '../payments/index.ts';
import type { WalletServices } from './wallet-services.ts';

/** Wallet commands pay like cards (acquirers, vault keyring) and add the wallets' keys and transports. */
export interface WalletDeps extends PaymentDeps {
  wallets: WalletServices;
}
