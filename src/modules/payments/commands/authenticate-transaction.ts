import { z } from 'zod';
import { invalid, notFound } from '../../../platform/errors/domain-error.ts';
import { crashPoint } from '../../../platform/faults.ts';
import { operationOf } from '../../../platform/operations/idempotent-operation.ts';
import {
  getOrder,
  isFinalOrderStatus,
  isUuid,
  OrderChanges,
  OrderWriteRepository,
} from '../../orders/index.ts';
import type { CardBrand } from '../../vault/index.ts';
import { VaultCardRepository, validateCvc } from '../../vault/index.ts';
import { authorizationSetting } from '../authorization-setting.ts';
import { authorizeCard, type ExternalAuthenticationDetails } from '../authorize-card.ts';
import { CREDIT_CARD } from '../credit-card.ts';
import { cardNotStored, transactionNotFound, transactionNotPayable, vaultTokenNotFound } from '../errors.ts';
import { cardAuthorizationInsert, PaymentRepository } from '../payment.repository.ts';
import { transactionCommand } from './transaction-command.ts';

const EXTERNAL_FIELDS = ['cavv', '3ds_version', '3ds_method_used', 'ds_transaction_id'] as const;

/**
 * Body of `POST /v1/orders/{order_id}/transactions/{transaction_id}/authenticate/`. Without external 3-D Secure
 * values both fields are optional (the card defaults to the one stored with the transaction's setup token).
 * With them (spec 4.13) all four plus `vault_token` and `cvc` are required: partial values are a 400.
 * Messages never repeat a value: the body carries a CVC.
 */
export const authenticateInputSchema = z
  .strictObject({
    vault_token: z.uuid('must be a uuid').optional().meta({
      description:
        "The stored card to pay with (uuid), from the vault (`POST …/v1/cards/`); without it, the transaction's own card stored with its `setup_token`. Required with external 3-D Secure values. Spec 4.13.",
    }),
    cvc: z.string({ error: 'must be a string of 3 or 4 digits' }).optional().meta({
      description:
        'The card verification code, 3 digits (4 for American Express): used once, never stored. Required with external 3-D Secure values. Spec 4.13.',
    }),
    cavv: z
      .string({ error: 'must be a string' })
      .regex(/^[A-Za-z0-9+/=_-]{1,128}$/, 'must be the base64 authentication value')
      .optional()
      .meta({
        description:
          "External 3-D Secure: the authentication value from the merchant's 3-D Secure provider, base64, at most 128 characters. With it the payment is processed directly, without a challenge. Spec 4.13.",
      }),
    '3ds_version': z
      .string({ error: 'must be a string' })
      .regex(/^[12]\.\d{1,2}(\.\d{1,2})?$/, 'must be a protocol version such as 2.2.0')
      .optional()
      .meta({
        description:
          'External 3-D Secure: the protocol version the provider used, such as `2.2.0`. Spec 4.13.',
      }),
    '3ds_method_used': z
      .string({ error: 'must be a string' })
      .regex(/^[A-Za-z][A-Za-z_-]{0,31}$/, 'must be a method name such as challenge')
      .optional()
      .meta({
        description:
          'External 3-D Secure: how the customer was authenticated, such as `challenge` or `frictionless`; a letter, then up to 31 letters, `_` or `-`. Spec 4.13.',
      }),
    ds_transaction_id: z
      .uuid('must be the directory server transaction id (a uuid)')
      .optional()
      .meta({ description: "External 3-D Secure: the directory server's transaction id (uuid). Spec 4.13." }),
  })
  .superRefine((input, ctx) => {
    const sent = EXTERNAL_FIELDS.filter((field) => input[field] !== undefined);
    if (sent.length === 0) return;
    const required = [...EXTERNAL_FIELDS, 'vault_token', 'cvc'] as const;
    for (const field of required) {
      if (input[field] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'is required with external 3-D Secure values (send all of them or none)',
        });
      }
    }
  });

export type AuthenticateInput = z.input<typeof authenticateInputSchema>;

/**
 * Pays an own-checkout card transaction with a stored card. With external 3-D Secure values the payment is
 * processed directly (no challenge); without them a card that needs a challenge leaves the transaction
 * `pending` with a `payment_url`. A decline is an answer, not an error: the order comes back either way.
 * Statements: the order's lock (with the card named by its vault token) and its view, sent together; every write
 * in one statement, sent with the commit.
 */
export const authenticateTransaction = transactionCommand(
  authenticateInputSchema,
  async (deps, actor, orderId, transactionId, input) => {
    const external = externalDetailsOf(input);
    // One phase. A retry of a request whose write committed (its answer lost) presents the order as it is now;
    // one whose process died before the commit runs again, and the acquirer answers the same transaction id
    // with its first outcome (no second hold).
    const operation = operationOf(deps);
    if (operation.recovered?.point === 'authorized') return getOrder(deps, actor, orderId);
    const view = await deps.db.preparedTransaction(
      async (uow) => {
        const writes = new OrderWriteRepository(uow);
        // The write relays its own outbox rows (queueing the status change's webhook delivery in the same
        // statement), so no process's outbox relay is woken to find nothing left to relay.
        const changes = new OrderChanges({ consumers: deps.outboxConsumers, relaysItself: true });
        // A card named by its vault token is read in the lock's statement (a stored card never changes).
        const cardAlongside = input.vault_token
          ? VaultCardRepository.findForProjectAlongside(actor.projectId, input.vault_token)
          : undefined;
        const locked = isUuid(orderId)
          ? await writes.lockOrder(actor.projectId, { orderId }, changes, {
              withHistory: true,
              alongside: cardAlongside,
            })
          : null;
        if (!locked) throw notFound('Order', 'order_id');
        const { order, transactions, view } = locked;
        const transaction = transactions.find((t) => t.id === transactionId);
        if (!transaction) throw transactionNotFound();
        if (transaction.paymentMethod !== CREDIT_CARD)
          throw transactionNotPayable('it is not a card transaction');
        if (order.checkout !== 'own') throw transactionNotPayable('it is not an own-checkout transaction');
        if (transaction.status !== 'new' || isFinalOrderStatus(order.status)) {
          throw transactionNotPayable(`it is already ${transaction.status}`);
        }
        // Past its deadline an order takes no payment, whether or not the expiry sweep has reached it yet.
        if (order.expiresAt.getTime() <= deps.now().getTime()) {
          throw transactionNotPayable(`the order expired at ${order.expiresAt.toISOString()}`);
        }
        const payments = new PaymentRepository(uow);
        const setting = authorizationSetting(
          deps,
          {
            uow,
            orders: changes,
            payments: {
              findAuthorization: (id) => payments.findAuthorization(id),
              add: (authorization) => changes.also(() => cardAuthorizationInsert(authorization)),
            },
          },
          order,
        );

        const card = input.vault_token
          ? VaultCardRepository.fromText(locked.alongside)
          : await new VaultCardRepository(uow).findStoredFor(transaction.id);
        if (!card) throw input.vault_token ? vaultTokenNotFound() : cardNotStored();
        if (input.cvc !== undefined) {
          const cvc = validateCvc(input.cvc, card.brand as CardBrand | null);
          if (!cvc.ok) throw invalid('cvc', cvc.problems[0]!.message);
        }

        // A new transaction has no authorization yet: it is created by this very attempt.
        const outcome = await authorizeCard(setting, {
          order,
          transactions,
          transaction,
          card,
          cvc: input.cvc,
          threeDSecure: external ? 'external' : 'none',
          external,
          authorization: null,
        });
        const recovery = operation.recordPart('authorized', { orderId: order.id });
        if (recovery) changes.also(() => recovery);
        await writes.saveLast(changes);
        // The answer is what was locked and written, never read back.
        const paid = view.transactions.find((t) => t.transaction === transaction)!;
        if (outcome.event) paid.events.push(outcome.event);
        return view;
      },
      // Concurrent payments share one transaction, each under its own order's lock: one commit for all of them
      // (platform/db/shared-transactions.ts).
      { joinsInStatement: true, shares: 'payments.authenticate' },
    );
    await crashPoint('authorize.after-commit');
    return view;
  },
);

function externalDetailsOf(
  input: z.output<typeof authenticateInputSchema>,
): ExternalAuthenticationDetails | undefined {
  if (input.cavv === undefined) return undefined;
  return {
    authenticationValue: input.cavv,
    protocolVersion: input['3ds_version']!,
    methodUsed: input['3ds_method_used']!,
    dsTransID: input.ds_transaction_id!,
  };
}
