import { DomainError } from '../../platform/errors/domain-error.ts';
import type { InputProblem } from './card-input.ts';

/** Refusals of the vault face. Messages are written here and never repeat a card number or CVC. */

export const SETUP_TOKEN_VALIDITY_MS = 300_000;

export const invalidCardInput = (problems: InputProblem[]) =>
  new DomainError(
    'invalid_request',
    'invalid_request',
    problems.map((problem) => `${problem.field}: ${problem.message}`).join('; '),
    problems[0]?.field ?? null,
  );

export const setupTokenNotFound = () =>
  new DomainError('not_found', 'not_found', 'Setup token not found', 'setup_token');

export const setupTokenUsed = () =>
  new DomainError('conflict', 'setup_token_used', 'setup_token: has already been used', 'setup_token');

export const setupTokenExpired = () =>
  new DomainError(
    'gone',
    'setup_token_expired',
    `setup_token: expired ${SETUP_TOKEN_VALIDITY_MS / 1000} seconds after the order was created`,
    'setup_token',
  );

export const transactionNotWaitingForCard = () =>
  new DomainError(
    'conflict',
    'transaction_not_open',
    'setup_token: its transaction is no longer waiting for a card',
    'setup_token',
  );
