import { DomainError } from '../../platform/errors/domain-error.ts';
import type { InputProblem } from './card-input.ts';

/** Refusals of the vault face. Messages are written here and never repeat a card number or CVC. */

export const invalidCardInput = (problems: InputProblem[]) =>
  new DomainError(
    'invalid_request',
    'invalid_request',
    problems.map((problem) => `${problem.field}: ${problem.message}`).join('; '),
    problems[0]?.field ?? null,
  );
