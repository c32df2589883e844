import type { Resolvers } from '../../../generated/graphql.ts';
import { mutationPayload } from '../../../platform/graphql/user-errors.ts';
import { storeCard } from '../commands/store-card.ts';

export const vaultResolvers: Resolvers = {
  Mutation: {
    storeCard: (_parent, { input }, { deps, actor }) =>
      mutationPayload(
        async () => {
          const card = await storeCard(deps, actor, {
            setup_token: input.setupToken,
            pan: input.pan,
            expiry: input.expiry,
            ...(input.name === null || input.name === undefined ? {} : { name: input.name }),
          });
          return {
            card: {
              vaultToken: card.id,
              truncatedPan: card.truncatedPan,
              brand: card.brand ?? null,
              brands: card.brands,
            },
          };
        },
        { card: null },
      ),
  },
};
