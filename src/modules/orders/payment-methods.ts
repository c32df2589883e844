import type { Actor } from '../../platform/auth/actor.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Order } from './order.entity.ts';
import {
  type CreateOrderInputSchema,
  createOrderInputSchema,
  type PaymentMethodDetailsInput,
  type ValidTransactionInput,
} from './order-input.ts';
import type { TransactionView } from './order-view.ts';
import type { OrderChanges } from './order-writes.repository.ts';
import type { OutboxConsumers } from './outbox-consumers.ts';
import { REFUND_PAYMENT_METHOD, type Transaction } from './transaction.entity.ts';

/**
 * The extension point for payment methods. Orders own order creation; a method plugs in with a handler that
 * says what its transactions get and what runs for them. The payments and wallets modules define theirs, and
 * the composition root registers every handler once (src/services.ts). Everything that lists methods (input
 * validation, project defaults, the hosted page, the payment page) asks the registry; a test holds the SDL's
 * `PaymentMethod` enum to it.
 *
 * `D` is the deps a handler needs; a registry of `AppDeps` handlers is given the app's deps object at run time.
 */
export interface PaymentMethodHandler<D extends Deps = Deps> {
  /** The `payment_method` value, e.g. `credit-card`. */
  readonly id: string;
  /** Its transactions get a single-use `setup_token` (for the vault and wallet token calls). */
  readonly issuesSetupToken: boolean;
  /** Its payment ends in a card authorization, so the customer may be sent to the payment page (3-D Secure). */
  readonly authorizesCard: boolean;
  /** The currencies it pays in (ISO 4217); absent: every currency the service knows. */
  readonly currencies?: readonly string[];
  /** The `payment_method` of a refund of a payment made with it; absent: `credit-card-refund` (spec 2.6). */
  readonly refundMethod?: string;
  /**
   * A bank redirect (e.g. iDEAL): the customer pays on the bank's page at the transaction's `payment_url`. The
   * hosted order page offers it as a button that creates the transaction and sends the customer there.
   */
  readonly redirect?: RedirectPayment;
  /** Checks the `payment_method_details` sent with it (pure); `field` is their path in the request. */
  checkDetails?(details: PaymentMethodDetailsInput | undefined, field: string): void;
  /**
   * Its transaction is created with the order (own checkout), in `createOrder`: the handler's one step, run
   * before anything is written and with no database transaction open. It may read what it needs (e.g. a stored
   * card) and refuse what it cannot pay, fills in the transaction's facts (e.g. `payment_url`, card details)
   * and adds what it does to the order's change set (e.g. a one-click authorization's rows): the order's ONE
   * write statement then writes them all, atomically.
   */
  onCreate?(deps: D, created: NewTransaction): Promise<void>;
}

export interface RedirectPayment {
  /** The bank's page for a transaction (in test projects, the method's simulated bank). */
  pageUrl(baseUrl: string, transactionId: string): string;
  /** The project modes it works in; in the others it has no bank connection (refused with a 422). */
  readonly modes: readonly ('test' | 'live')[];
}

/**
 * What order creation needs of whoever creates the order: an API key's or a user's `Actor`, or a payment link
 * opened by a customer (which acts for the link's project).
 */
export type OrderOwner = Pick<Actor, 'projectId' | 'merchantId' | 'mode' | 'paymentMethods'>;

/** A transaction sent at order creation (own checkout), validated. */
export interface NewTransactionRequest {
  actor: OrderOwner;
  transaction: ValidTransactionInput;
  /** The transaction's path in the request, for field errors: `transactions.0`. */
  field: string;
}

/**
 * A transaction created with its order, as its handler's `onCreate` sees it: recorded already (its `new` event
 * and outbox row are in `changes`), nothing written yet.
 */
export interface NewTransaction {
  request: NewTransactionRequest;
  /** The order's change set: what the handler records goes here (rows, and other modules' parts). */
  changes: OrderChanges;
  order: Order;
  transaction: Transaction;
  /** The new transaction with its events so far (the answer's); a status change recorded here adds its event. */
  view: TransactionView;
  at: Date;
}

/** What any module may ask without running a handler. */
export interface PaymentMethodCatalog {
  /** Every method, in registration order: what merchants may ask for and projects get by default. */
  readonly ids: readonly [string, ...string[]];
  issuesSetupToken(id: string): boolean;
  authorizesCard(id: string): boolean;
  /** Whether `id` pays in `currency`. */
  acceptsCurrency(id: string, currency: string): boolean;
  /** The currencies `id` pays in, sorted. */
  currenciesOf(id: string): readonly string[];
  /** The refund method of a payment made with `id` (spec 2.6: `credit-card-refund` for cards). */
  refundMethodOf(id: string): string;
  /** Every refund method (merchants never choose one), sorted. */
  readonly refundMethods: readonly string[];
  /** The bank redirect of `id`, or null when it is not one. */
  redirectOf(id: string): RedirectPayment | null;
}

/** Every ISO 4217 code the runtime's ICU data knows, sorted: a method without its own list pays in all of them. */
const ALL_CURRENCIES: readonly string[] = Object.freeze([...Intl.supportedValuesOf('currency')].sort());
const ALL_CURRENCY_SET: ReadonlySet<string> = new Set(ALL_CURRENCIES);

export class PaymentMethodRegistry<D extends Deps = Deps> implements PaymentMethodCatalog {
  readonly ids: readonly [string, ...string[]];
  /** The create-order body, accepting exactly these methods. */
  readonly orderInput: CreateOrderInputSchema;
  readonly refundMethods: readonly string[];
  readonly #handlers: ReadonlyMap<string, PaymentMethodHandler<D>>;

  constructor(handlers: readonly PaymentMethodHandler<D>[]) {
    const byId = new Map(handlers.map((handler) => [handler.id, handler]));
    const [first, ...rest] = handlers.map((handler) => handler.id);
    if (first === undefined) throw new Error('register at least one payment method');
    if (byId.size !== handlers.length) throw new Error('a payment method is registered twice');
    this.ids = Object.freeze([first, ...rest]) as readonly [string, ...string[]];
    this.orderInput = createOrderInputSchema(this.ids);
    this.#handlers = byId;
    this.refundMethods = Object.freeze(
      [...new Set(handlers.map((handler) => handler.refundMethod ?? REFUND_PAYMENT_METHOD))].sort(),
    );
  }

  handler(id: string): PaymentMethodHandler<D> | undefined {
    return this.#handlers.get(id);
  }

  issuesSetupToken(id: string): boolean {
    return this.#handlers.get(id)?.issuesSetupToken ?? false;
  }

  authorizesCard(id: string): boolean {
    return this.#handlers.get(id)?.authorizesCard ?? false;
  }

  acceptsCurrency(id: string, currency: string): boolean {
    const handler = this.#handlers.get(id);
    if (!handler) return false;
    return handler.currencies ? handler.currencies.includes(currency) : ALL_CURRENCY_SET.has(currency);
  }

  currenciesOf(id: string): readonly string[] {
    const handler = this.#handlers.get(id);
    if (!handler) return [];
    return handler.currencies ? [...handler.currencies].sort() : ALL_CURRENCIES;
  }

  refundMethodOf(id: string): string {
    return this.#handlers.get(id)?.refundMethod ?? REFUND_PAYMENT_METHOD;
  }

  redirectOf(id: string): RedirectPayment | null {
    return this.#handlers.get(id)?.redirect ?? null;
  }
}

/**
 * What order creation needs: the base deps, the registry whose handlers get those very deps, and the outbox
 * consumers its write asks (outbox-consumers.ts).
 */
export type OrderDeps<D extends Deps = Deps> = D & {
  paymentMethods: PaymentMethodRegistry<D>;
  outboxConsumers: OutboxConsumers;
};
