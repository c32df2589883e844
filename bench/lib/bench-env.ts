/**
 * Server settings of every benchmark's project server (README, Rate limits): the 401 case is what the limit of
 * refused authentications stops, and thousands of GraphQL operations a second on one key (or thousands of
 * subscriptions of one project opened at once, bench:events' fan-out; bench:search's paging) are far past any
 * project's cost budget. Both are lifted, not turned off: the budget's accounting (a reservation taken about once a second per process,
 * each operation charged and settled) runs as in production. Settings given with `--server-env` win.
 */
export const BENCH_ENV: Readonly<Record<string, string>> = {
  RATE_LIMIT_AUTH_FAILURES: '100000000',
  GRAPHQL_COST_MAXIMUM_AVAILABLE: '1000000000',
  GRAPHQL_COST_RESTORE_RATE: '1000000000',
};
