export * from './account-name-inquiry.ts';
export type * from './acquirer.ts';
export * from './response-codes.ts';
export * from './simulator.ts';
export * from './test-cards.ts';
export * from './three-d-secure.ts';
