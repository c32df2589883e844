import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import { graphql } from './gql/index.ts';
import type { StatOrder } from './stats.ts';

const RecentOrders = graphql(`
  query HomeRecentOrders($query: String!, $after: String) {
    orders(query: $query, first: 100, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          created
          amount
          currency
          status
        }
      }
    }
  }
`);

const MAX_PAGES = 10;

export interface RecentOrders {
  orders: StatOrder[] | null;
  /** How many orders the query matches in all; more than `orders.length` when capped. */
  totalCount: number;
  error: Error | null;
  reload(): void;
}

/**
 * The orders a query matches, newest first, at most 1,000 (ten pages of the `orders` connection): what the home
 * page's totals and chart are computed from until the API answers them itself (`orderStats`).
 */
export function useRecentOrders(query: string): RecentOrders {
  const client = useClient();
  const [state, setState] = useState<Omit<RecentOrders, 'reload'>>({
    orders: null,
    totalCount: 0,
    error: null,
  });
  const generation = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++generation.current;
    const orders: StatOrder[] = [];
    let after: string | null = null;
    let totalCount = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await client
        .query(RecentOrders, { query, after }, { requestPolicy: 'network-only' })
        .toPromise();
      if (mine !== generation.current) return;
      if (answer.error || !answer.data) {
        setState((current) => ({ ...current, error: answer.error ?? new Error('No answer') }));
        return;
      }
      orders.push(...answer.data.orders.edges.map((edge) => edge.node));
      totalCount = answer.data.orders.totalCount;
      if (!answer.data.orders.pageInfo.hasNextPage) break;
      after = answer.data.orders.pageInfo.endCursor ?? null;
    }
    setState({ orders, totalCount, error: null });
  }, [client, query]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload: () => void reload() };
}
