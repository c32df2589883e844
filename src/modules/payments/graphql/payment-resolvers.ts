import type { Resolvers } from '../../../generated/graphql.ts';
import { DomainError } from '../../../platform/errors/domain-error.ts';
import { mutationPayload } from '../../../platform/graphql/user-errors.ts';
import { authenticateTransaction } from '../commands/authenticate-transaction.ts';
import { captureTransaction } from '../commands/capture-transaction.ts';
import { voidTransaction } from '../commands/void-transaction.ts';

/** REST field names that are not valid GraphQL names, spelled so `userErrors.field` names the input field. */
const GRAPHQL_FIELD_OF: Readonly<Record<string, string>> = {
  '3ds_version': 'three_d_s_version',
  '3ds_method_used': 'three_d_s_method_used',
};

async function withGraphQLFieldNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const renamed = error instanceof DomainError && error.field ? GRAPHQL_FIELD_OF[error.field] : undefined;
    if (!renamed || !(error instanceof DomainError)) throw error;
    const message = error.message.replaceAll(error.field!, renamed);
    throw new DomainError(error.kind, error.code, message, renamed);
  }
}

/** Drops absent GraphQL values so the shared REST-shaped schema sees exactly what was sent. */
function sent(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== null && value !== undefined),
  );
}

export const paymentResolvers: Resolvers = {
  Mutation: {
    authenticateTransaction: (_parent, { input }, { deps, actor }) =>
      mutationPayload(
        async () => ({
          order: await withGraphQLFieldNames(() =>
            authenticateTransaction(
              deps,
              actor,
              input.orderId,
              input.transactionId,
              sent({
                vault_token: input.vaultToken,
                cvc: input.cvc,
                cavv: input.cavv,
                '3ds_version': input.threeDSVersion,
                '3ds_method_used': input.threeDSMethodUsed,
                ds_transaction_id: input.dsTransactionId,
              }),
            ),
          ),
        }),
        { order: null },
      ),
    captureTransaction: (_parent, { input }, { deps, actor }) =>
      mutationPayload(
        async () => {
          const result = await captureTransaction(
            deps,
            actor,
            input.orderId,
            input.transactionId,
            sent({ amount: input.amount }),
          );
          return { captureOrder: result.created, order: result.original };
        },
        { captureOrder: null, order: null },
      ),
    voidTransaction: (_parent, { input }, { deps, actor }) =>
      mutationPayload(
        async () => {
          const result = await voidTransaction(deps, actor, input.orderId, input.transactionId);
          return { voidOrder: result.created, order: result.original };
        },
        { voidOrder: null, order: null },
      ),
  },
};
