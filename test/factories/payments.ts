import { randomUUID } from 'node:crypto';

/**
 * Card payment helpers over real HTTP, for every test that needs a paid (or authorized) card order:
 * store a card in the vault, pay an own-checkout order, pass or fail the 3-D Secure challenge page.
 */

import { sql } from '../helpers/database.ts';
import { type HttpResult, restClient } from '../helpers/http.ts';
import {
  type OpenedPage,
  openPage,
  type PageBrowser,
  type PostResult,
  postPageForm,
} from '../helpers/pages.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { buildOwnCheckoutOrder } from './order.ts';

/** The simulator's test cards (src/modules/payments/acquirer/test-cards.ts). */
export const TEST_CARDS = {
  visa: '4111111111111111',
  mastercard: '5555555555554444',
  doNotHonour: '4000000000000002',
  insufficientFunds: '4000000000009995',
  challenge: '4000000000003220',
  processorError: '4000000000000119',
  /** The acquirer takes the authorization and answers later (`/v1/test/.../outcome/` plays the answer). */
  pendingAtAcquirer: '4000000000000770',
} as const;

/** December, five years ahead: valid however far a test moves the clock. */
export const TEST_EXPIRY = `12${new Date().getUTCFullYear() + 5}`;
export const TEST_CVC = '737';
export const CHALLENGE_CODE = '1234';

/** An authenticate's body with external 3-D Secure values of a frictionless authentication: paid at once. */
export function frictionlessAuthentication(vaultToken: string, cvc = TEST_CVC) {
  return {
    vault_token: vaultToken,
    cvc,
    cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
    '3ds_version': '2.2.0',
    '3ds_method_used': 'frictionless',
    ds_transaction_id: randomUUID(),
  };
}

type Json = Record<string, any>;

/** The vault's base URL: `{token_vault_url}`, by default `{base_url}/vault`. */
export function vaultUrlOf(target: TestApp | string): string {
  return typeof target === 'string' ? `${target}/vault` : target.runtime.services.config.tokenVaultUrl;
}

/** `POST {token_vault_url}/v1/cards/`; returns the raw response so tests can check refusals too. */
export async function storeCard(
  target: TestApp | string,
  apiKey: string,
  card: { setupToken: string; pan?: string; expiry?: string; name?: string },
): Promise<HttpResult<Json>> {
  return restClient(vaultUrlOf(target), apiKey).post<Json>('/v1/cards/', {
    setup_token: card.setupToken,
    pan: card.pan ?? TEST_CARDS.visa,
    expiry: card.expiry ?? TEST_EXPIRY,
    ...(card.name === undefined ? {} : { name: card.name }),
  });
}

export interface CardOrderOptions {
  amount?: number;
  currency?: string;
  captureMode?: 'automatic' | 'manual';
  /** Extra create-order fields (return_url, failure_url, expiration_period, ...). */
  order?: Json;
  /** Extra `payment_method_details`. */
  details?: Json;
}

/** Creates an own-checkout order with one credit-card transaction; returns the created order JSON. */
export async function createCardOrder(
  baseUrl: string,
  apiKey: string,
  options: CardOrderOptions = {},
): Promise<Json> {
  const transaction: Json = {};
  if (options.captureMode) transaction.capture_mode = options.captureMode;
  if (options.details) transaction.payment_method_details = options.details;
  const body = buildOwnCheckoutOrder(
    'credit-card',
    { amount: options.amount ?? 995, currency: options.currency ?? 'EUR', ...options.order },
    transaction,
  );
  const { status, body: order, text } = await restClient(baseUrl, apiKey).post<Json>('/v1/orders/', body);
  if (status !== 201) throw new Error(`creating the order failed: ${status} ${text}`);
  return order;
}

export interface PayOptions extends CardOrderOptions {
  pan?: string;
  name?: string;
  cvc?: string;
  /** Pass (default) or fail the 3-D Secure challenge when the card asks for one. */
  challengeCode?: string;
}

/**
 * The whole own-checkout card flow: create the order, store the card with its setup token, authenticate, and
 * answer the challenge page when the card needs one. Returns the order as `GET /v1/orders/{id}/` shows it.
 * With the default visa card the order ends `completed` (`captureMode: 'manual'` leaves it authorized only).
 */
export async function payOwnCheckoutOrder(
  baseUrl: string,
  apiKey: string,
  options: PayOptions = {},
): Promise<Json> {
  const api = restClient(baseUrl, apiKey);
  const created = await createCardOrder(baseUrl, apiKey, options);
  const transaction = created.transactions[0];
  const stored = await storeCard(baseUrl, apiKey, {
    setupToken: transaction.payment_method_details.setup_token,
    pan: options.pan ?? TEST_CARDS.visa,
    name: options.name,
  });
  if (stored.status !== 201) throw new Error(`storing the card failed: ${stored.status} ${stored.text}`);
  const authenticated = await api.post<Json>(
    `/v1/orders/${created.id}/transactions/${transaction.id}/authenticate/`,
    { vault_token: stored.body.vault_token, cvc: options.cvc ?? TEST_CVC },
  );
  if (authenticated.status !== 200) {
    throw new Error(`authenticate failed: ${authenticated.status} ${authenticated.text}`);
  }
  const paying = authenticated.body.transactions[0];
  if (paying.status === 'pending' && paying.payment_url) {
    await answerChallenge(paying.payment_url, options.challengeCode ?? CHALLENGE_CODE);
  }
  return (await api.get<Json>(`/v1/orders/${created.id}/`)).body;
}

/** A payment page (`payment_url`) opened as a browser would, with its CSRF cookie and form token. */
export type PaymentPage = OpenedPage;

export function openPaymentPage(paymentUrl: string): Promise<PaymentPage> {
  return openPage(paymentUrl);
}

/** Posts a form of the payment page (`challenge` or `card`) with the page's CSRF token and cookie. */
export function postPaymentForm(
  paymentUrl: string,
  form: 'challenge' | 'card',
  fields: Record<string, string>,
  page?: PaymentPage,
): Promise<PostResult> {
  return postPageForm(paymentUrl, form, fields, page);
}

/**
 * Passes (code 1234) or fails (any other code) the 3-D Secure challenge on the payment page: in `browser`, the
 * one that started the payment on the order page (the page is that browser's), else in a fresh one (an own
 * checkout's page is open to whoever the shop sends there).
 */
export function answerChallenge(paymentUrl: string, code = CHALLENGE_CODE, browser?: PageBrowser) {
  if (browser) return browser.post(paymentUrl, 'challenge', { code });
  return postPaymentForm(paymentUrl, 'challenge', { code });
}

/**
 * What a card payment left in our books and at the test acquirer: its authorizations, its bookings at the
 * acquirer and its `accepted` events (exactly one effect: 1, 1, 1).
 */
export async function paymentEffectsOf(databaseUrl: string, transactionId: string) {
  const [effects] = await sql<{ authorizations: number; bookings: number; accepted: number }>(
    databaseUrl,
    `select (select count(*) from card_authorizations where transaction_id = $1)::int as authorizations,
            (select count(*) from acquirer_operations where transaction_id = $1)::int as bookings,
            (select count(*) from transaction_events
              where transaction_id = $1 and event = 'accepted')::int as accepted`,
    [transactionId],
  );
  return effects!;
}
