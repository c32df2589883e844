/** Where GraphQL is served: the API of direct clients (and graphql-ws), and the Federation 2 subgraph. */
export const GRAPHQL_PATH = '/graphql';
export const SUBGRAPH_PATH = '/graphql/subgraph';

/** Whether a route is one of the GraphQL endpoints (their writes are mutations, audited and retried as such). */
export function isGraphQLRoute(url: string | undefined): boolean {
  return url === GRAPHQL_PATH || url === SUBGRAPH_PATH;
}
