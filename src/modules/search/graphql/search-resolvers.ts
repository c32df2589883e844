import { GraphQLError } from 'graphql';
import type { OrderSort, Resolvers } from '../../../generated/graphql.ts';
import { DomainError } from '../../../platform/errors/domain-error.ts';
import { selectsPath } from '../../../platform/graphql/selection.ts';
import { connectionPage } from '../commands/search-orders.ts';
import { searchCode } from '../errors.ts';

/** Largest `first` of the `orders` connection: each node carries its transactions and events. */
export const MAX_CONNECTION_PAGE_SIZE = 100;
export const DEFAULT_CONNECTION_PAGE_SIZE = 20;

/**
 * `orders` as a Relay connection over the same search as REST. It pages by keyset both ways: forward with
 * `first`/`after` (`after` is the REST `search_after` value), backwards with `last`/`before`, so it can read
 * arbitrarily deep; hasPreviousPage and hasNextPage are exact in both directions.
 */
export const searchResolvers: Resolvers = {
  Query: {
    orders: async (_parent, args, { deps, actor }, info) => {
      const { query, sort, first, after, last, before, exactTotal } = args;
      const backwards = last != null || before != null;
      if (backwards && (first != null || after != null)) {
        throw badInput(
          searchCode.invalid_paging,
          'page forward with first and after, or backwards with last and before, not both',
          first != null ? 'first' : 'after',
        );
      }
      const size = (backwards ? last : first) ?? DEFAULT_CONNECTION_PAGE_SIZE;
      if (!Number.isInteger(size) || size < 1 || size > MAX_CONNECTION_PAGE_SIZE) {
        throw badInput(
          searchCode.invalid_paging,
          `${backwards ? 'last' : 'first'} must be between 1 and ${MAX_CONNECTION_PAGE_SIZE}, got ${size}`,
          backwards ? 'last' : 'first',
        );
      }
      try {
        const result = await connectionPage(
          deps,
          actor,
          { query: query ?? '*', sort: sort ? sortText(sort) : null, size, after, before, backwards },
          // The count visits every match: only run it when the operation asks for it (up to 10,000 unless
          // exactTotal); nor are events and related orders read when no node selects them.
          {
            total: !selectsPath(info, ['totalCount']) ? 'none' : exactTotal ? 'exact' : 'up_to_limit',
            parts: {
              events: selectsPath(info, ['edges', 'node', 'transactions', 'events']),
              relatedOrders: selectsPath(info, ['edges', 'node', 'relatedOrderIds']),
            },
          },
        );
        const beyond = result.hasBeyond ?? false;
        return {
          edges: result.hits.map((hit) => ({ cursor: hit.cursor, node: hit.view })),
          pageInfo: {
            hasNextPage: backwards ? beyond : result.hasMore,
            hasPreviousPage: backwards ? result.hasMore : beyond,
            startCursor: result.hits[0]?.cursor ?? null,
            endCursor: result.hits.at(-1)?.cursor ?? null,
          },
          totalCount: result.total ?? 0,
          totalRelation: result.totalExact ? 'EQ' : 'GTE',
        };
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'invalid_request') {
          // The search names its REST field (`search_after`); this connection's is `after` or `before`.
          const cursor = backwards ? 'before' : 'after';
          const field = error.field === 'search_after' ? cursor : error.field;
          throw badInput(error.code, error.message.replace(/^search_after\b/, cursor), field);
        }
        throw error;
      }
    },
  },
};

function sortText(sort: OrderSort): string {
  return `${sort.field.toLowerCase()} ${(sort.direction ?? 'ASC').toLowerCase()}`;
}

function badInput(type: string, message: string, field: string | null): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'BAD_USER_INPUT', type, ...(field ? { field } : {}) },
  });
}
