import type { Resolvers } from '../../../generated/graphql.ts';
import { withoutNulls } from '../../../platform/graphql/input.ts';
import { mutationPayload } from '../../../platform/graphql/user-errors.ts';
import { authenticateTransaction } from '../commands/authenticate-transaction.ts';
import { captureTransaction } from '../commands/capture-transaction.ts';
import { voidTransaction } from '../commands/void-transaction.ts';

/** REST field names that are not valid GraphQL names, as the GraphQL input spells them. */
const FIELD_NAMES = { '3ds_version': 'threeDSVersion', '3ds_method_used': 'threeDSMethodUsed' };

export const paymentResolvers: Resolvers = {
  Mutation: {
    authenticateTransaction: (_parent, { input }, { deps, actor }) =>
      mutationPayload(
        async () => ({
          order: await authenticateTransaction(
            deps,
            actor,
            input.orderId,
            input.transactionId,
            withoutNulls({
              vault_token: input.vaultToken,
              cvc: input.cvc,
              cavv: input.cavv,
              '3ds_version': input.threeDSVersion,
              '3ds_method_used': input.threeDSMethodUsed,
              ds_transaction_id: input.dsTransactionId,
            }),
          ),
        }),
        { order: null },
        { fieldNames: FIELD_NAMES },
      ),
    captureTransaction: (_parent, { input }, { deps, actor }) =>
      mutationPayload(
        async () => {
          const result = await captureTransaction(
            deps,
            actor,
            input.orderId,
            input.transactionId,
            withoutNulls({ amount: input.amount, final: input.final }),
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
