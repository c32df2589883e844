/**
 * A forward-only page of a Relay connection (`first`/`after`): its edges and `pageInfo`. Lists that page only
 * forwards never have a previous page.
 */
export function forwardConnection<Edge extends { cursor: string }>(edges: Edge[], hasNextPage: boolean) {
  return {
    edges,
    pageInfo: {
      hasNextPage,
      hasPreviousPage: false,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
