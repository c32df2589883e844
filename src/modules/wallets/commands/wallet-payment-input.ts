import { z } from 'zod';
import { parseOrThrow } from '../../../platform/errors/zod.ts';
import type { WalletAuthentication, WalletBrowserInfo } from '../wallet-acquirer.ts';
import type { WalletMethod } from '../wallet-card-storage.ts';

/** The execute-payment bodies of spec 4.10 (wallet A, snake_case) and 4.11 (wallet B), read into one shape. */

const cryptogram = z
  .string({ error: 'must be a string' })
  .regex(/^[A-Za-z0-9+/=_-]{0,256}$/, 'must be the Base64 cryptogram (at most 256 characters), or empty');
const eci = z
  .string({ error: 'must be a string' })
  .regex(/^([0-9]{1,2})?$/, 'must be one or two digits, or empty');
const vaultToken = z.uuid({ error: 'is required and must be a uuid' });
const integer = (min: number, max: number) =>
  z
    .int({ error: `must be an integer from ${min} to ${max}` })
    .min(min, `must be an integer from ${min} to ${max}`)
    .max(max, `must be an integer from ${min} to ${max}`);

/** Spec 4.10. A merchant that decrypted the token itself sends its own cryptogram and ECI, when it has them. */
export const walletAPaymentSchema = z.strictObject({
  vault_token: vaultToken.meta({
    description: 'The card stored from the token (uuid): `vaultToken` of the persist call. Spec 4.10.',
  }),
  online_payment_cryptogram: cryptogram.optional().meta({
    description:
      'The Base64 online payment cryptogram, at most 256 characters (`onlinePaymentCryptogram` of the persist call); empty or absent when there is none.',
  }),
  eci_indicator: eci.optional().meta({
    description:
      'The ECI indicator, one or two digits (`eciIndicator` of the persist call); empty or absent when there is none.',
  }),
});

/** Spec 4.11: every `browser_info_*` field is optional, and checked for its type when sent. */
export const walletBPaymentSchema = z.strictObject({
  vaultToken: vaultToken.meta({
    description: 'The card stored from the token (uuid): `vaultToken` of the token call. Spec 4.11.',
  }),
  cryptogram: cryptogram.optional().meta({
    description:
      'The Base64 cryptogram, at most 256 characters, from the token call; empty for a `PAN_ONLY` card, which is paid as a plain card.',
  }),
  eciIndicator: eci.optional().meta({
    description: 'The ECI indicator, one or two digits, from the token call; empty when there is none.',
  }),
  browser_info_screen_width: integer(0, 100_000)
    .optional()
    .meta({ description: "The browser's screen width in pixels, 0 to 100,000 (3-D Secure risk data)." }),
  browser_info_screen_height: integer(0, 100_000)
    .optional()
    .meta({ description: "The browser's screen height in pixels, 0 to 100,000." }),
  browser_info_color_depth: integer(1, 64)
    .optional()
    .meta({ description: "The screen's colour depth in bits, 1 to 64." }),
  browser_info_user_agent: z
    .string({ error: 'must be a string' })
    .max(2048, 'must be at most 2048 characters')
    .optional()
    .meta({ description: "The browser's user agent, at most 2,048 characters." }),
  // Minutes, as the browser's Date#getTimezoneOffset() gives them (UTC+14 is -840, UTC-12 is 720).
  browser_info_time_zone_offset: integer(-840, 720).optional().meta({
    description:
      'Minutes from local time to UTC, as `Date#getTimezoneOffset()` gives them: -840 (UTC+14) to 720 (UTC-12).',
  }),
  browser_info_language: z
    .string({ error: 'must be a string' })
    .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,4}$/, 'must be a language tag such as en-US')
    .optional()
    .meta({ description: "The browser's language, a BCP 47 tag such as `en-US`." }),
  browser_info_java_enabled: z
    .boolean({ error: 'must be true or false' })
    .optional()
    .meta({ description: 'Whether the browser has Java enabled.' }),
});

export interface WalletPaymentInput {
  vaultToken: string;
  authentication: WalletAuthentication;
}

export function parseWalletPaymentInput(method: WalletMethod, body: unknown): WalletPaymentInput {
  const sent = method === 'wallet-a-pay' ? walletAPayment(body) : walletBPayment(body);
  return {
    vaultToken: sent.vaultToken,
    authentication: {
      paymentMethod: method,
      cryptogram: sent.cryptogram ?? '',
      eciIndicator: sent.eciIndicator ?? '',
      ...(sent.browserInfo && Object.keys(sent.browserInfo).length > 0
        ? { browserInfo: sent.browserInfo }
        : {}),
    },
  };
}

interface SentPayment {
  vaultToken: string;
  cryptogram?: string;
  eciIndicator?: string;
  browserInfo?: WalletBrowserInfo;
}

function walletAPayment(body: unknown): SentPayment {
  const input = parseOrThrow(walletAPaymentSchema, body);
  return {
    vaultToken: input.vault_token,
    cryptogram: input.online_payment_cryptogram,
    eciIndicator: input.eci_indicator,
  };
}

function walletBPayment(body: unknown): SentPayment {
  const input = parseOrThrow(walletBPaymentSchema, body);
  return {
    vaultToken: input.vaultToken,
    cryptogram: input.cryptogram,
    eciIndicator: input.eciIndicator,
    browserInfo: withoutUndefined({
      screenWidth: input.browser_info_screen_width,
      screenHeight: input.browser_info_screen_height,
      colorDepth: input.browser_info_color_depth,
      userAgent: input.browser_info_user_agent,
      timeZoneOffset: input.browser_info_time_zone_offset,
      language: input.browser_info_language,
      javaEnabled: input.browser_info_java_enabled,
    }),
  };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}
