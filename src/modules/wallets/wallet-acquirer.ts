import type { Acquirer, AuthorizationRequest } from '../payments/index.ts';
import type { WalletMethod } from './wallet-card-storage.ts';

/** Device data of the customer's browser (spec 4.11), for an acquirer that runs 3-D Secure itself. */
export interface WalletBrowserInfo {
  screenWidth?: number;
  screenHeight?: number;
  colorDepth?: number;
  userAgent?: string;
  timeZoneOffset?: number;
  language?: string;
  javaEnabled?: boolean;
}

/** What a wallet payment adds to a card authorization. In memory only, like the PAN. */
export interface WalletAuthentication {
  paymentMethod: WalletMethod;
  /** The wallet's cryptogram; empty for a `PAN_ONLY` card (a plain card payment). */
  cryptogram: string;
  eciIndicator: string;
  browserInfo?: WalletBrowserInfo;
}

/** The authorization request a wallet payment sends: the card request plus its `wallet` part. */
export type WalletAuthorizationRequest = AuthorizationRequest & { wallet: WalletAuthentication };

/**
 * Hands the wallet's cryptogram and ECI to the acquirer along with the card. `AuthorizationRequest` (card
 * payments) has no field for them yet, so this wrapper adds a `wallet` part to every authorization; an
 * acquirer connection reads it from `WalletAuthorizationRequest`. The simulator ignores it (it decides by
 * card number), which the spec allows: the outcome comes from the acquirer, cryptogram present or not.
 */
export function withWalletAuthentication(acquirer: Acquirer, wallet: WalletAuthentication): Acquirer {
  return {
    name: acquirer.name,
    authorize: (request) => {
      const withWallet: WalletAuthorizationRequest = { ...request, wallet };
      return acquirer.authorize(withWallet);
    },
    capture: (request) => acquirer.capture(request),
    void: (request) => acquirer.void(request),
    refund: (request) => acquirer.refund(request),
    accountNameInquiry: (request) => acquirer.accountNameInquiry(request),
  };
}
