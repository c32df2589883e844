import type { Actor } from '../../platform/auth/actor.ts';
import type { UnitOfWork } from '../../platform/db/db.ts';
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
import type { Transaction } from './transaction.entity.ts';

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
  /** Checks the `payment_method_details` sent with it (pure); `field` is their path in the request. */
  checkDetails?(details: PaymentMethodDetailsInput | undefined, field: string): void;
  /**
   * Before the creating database transaction: reads what the method needs (e.g. a stored card) and refuses
   * what it cannot pay. Returns what to do with the new transaction, or null for nothing.
   */
  prepare?(deps: D, request: NewTransactionRequest): Promise<PreparedTransaction | null>;
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

export interface PreparedTransaction {
  /** Fills in method-specific facts before the transaction is recorded (e.g. `payment_url`, card details). */
  fill?(transaction: Transaction): void;
  /**
   * Runs right before the new order is written (e.g. a one-click authorization), with no database transaction
   * open unless the caller's (`createOrder`'s `within`): everything it records goes into `orders`, which the
   * order's ONE write statement writes, atomically, with the order, its transaction, events and outbox rows.
   */
  beforeWrite?(created: CreatedTransaction): Promise<void>;
}

export interface CreatedTransaction {
  /** For reads only: its writes would commit on their own, apart from the order's. */
  uow: UnitOfWork;
  /** Where what is recorded here goes (rows, and other modules' parts): written with the order, in one statement. */
  orders: OrderChanges;
  order: Order;
  /** The new transaction with its events so far; a status change recorded here adds its event. */
  view: TransactionView;
  at: Date;
}

/** What any module may ask without running a handler. */
export interface PaymentMethodCatalog {
  /** Every method, in registration order: what merchants may ask for and projects get by default. */
  readonly ids: readonly [string, ...string[]];
  issuesSetupToken(id: string): boolean;
  authorizesCard(id: string): boolean;
}

export class PaymentMethodRegistry<D extends Deps = Deps> implements PaymentMethodCatalog {
  readonly ids: readonly [string, ...string[]];
  /** The create-order body, accepting exactly these methods. */
  readonly orderInput: CreateOrderInputSchema;
  readonly #handlers: ReadonlyMap<string, PaymentMethodHandler<D>>;

  constructor(handlers: readonly PaymentMethodHandler<D>[]) {
    const byId = new Map(handlers.map((handler) => [handler.id, handler]));
    const [first, ...rest] = handlers.map((handler) => handler.id);
    if (first === undefined) throw new Error('register at least one payment method');
    if (byId.size !== handlers.length) throw new Error('a payment method is registered twice');
    this.ids = Object.freeze([first, ...rest]) as readonly [string, ...string[]];
    this.orderInput = createOrderInputSchema(this.ids);
    this.#handlers = byId;
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
}

/** What order creation needs: the base deps, and the registry whose handlers get those very deps. */
export type OrderDeps<D extends Deps = Deps> = D & { paymentMethods: PaymentMethodRegistry<D> };
