/**
 * One problem with one input field: an entry of the REST error body's `fields` and one GraphQL `userErrors`
 * entry. A request refused for its input carries one problem per offending field, so a client can show each
 * next to its field.
 *
 * `message` is written as a predicate on the field ("is required", "must be at most 255 characters"): each face
 * renders it after the field's name in its own spelling (`customer.email_address: …` on REST,
 * `customer.emailAddress: …` on GraphQL). A problem marked `standalone` is a sentence of its own ("Order not
 * found") and is shown as it is.
 */
export interface FieldProblem {
  /** Path of the field in the REST input, e.g. `customer.email_address`, `transactions.0.payment_method`; null for the body itself. */
  readonly field: string | null;
  /**
   * What is wrong, for code to branch on: `required`, `invalid_type`, `invalid_value`, `invalid_format`,
   * `too_small`, `too_big`, `unknown_field`, `not_accepted`, `invalid_text`, `too_deep`, `invalid`, or the
   * error's own code (e.g. `not_found`) when a rule other than input validation names the field.
   */
  readonly code: string;
  /** What is wrong, for people; see the rendering rule above. Never repeats the value that was sent. */
  readonly message: string;
  /** The message is a whole sentence, shown without the field's name before it. */
  readonly standalone?: boolean;
}

/** Codes of `FieldProblem.code` that input validation produces. */
export type InputProblemCode =
  | 'required'
  | 'invalid_type'
  | 'invalid_value'
  | 'invalid_format'
  | 'too_small'
  | 'too_big'
  | 'unknown_field'
  | 'not_accepted'
  | 'invalid_text'
  | 'too_deep'
  | 'invalid';

export function fieldProblem(field: string | null, message: string, code: string = 'invalid'): FieldProblem {
  return { field, code, message };
}

/** The problem as a person reads it, with the field named as the face spells it (`name`). */
export function renderProblem(problem: FieldProblem, name: string | null = problem.field): string {
  if (problem.standalone) return problem.message;
  return name ? `${name}: ${problem.message}` : `The request body ${problem.message}`;
}

/** The default message of an unknown field; such fields are summed up together in `summarizeProblems`. */
export const UNKNOWN_FIELD_MESSAGE = 'is not a known field';

/**
 * Every problem in one human line (the REST error `value`): rendered problems joined with `; `, unknown fields
 * named together as `unknown field(s): a, b`.
 */
export function summarizeProblems(problems: readonly FieldProblem[]): string {
  const parts: string[] = [];
  let unknownAt = -1;
  const unknown: string[] = [];
  for (const problem of problems) {
    if (problem.code === 'unknown_field' && problem.message === UNKNOWN_FIELD_MESSAGE && problem.field) {
      if (unknownAt < 0) unknownAt = parts.push('') - 1;
      unknown.push(problem.field);
    } else {
      parts.push(renderProblem(problem));
    }
  }
  if (unknownAt >= 0) parts[unknownAt] = `unknown field(s): ${unknown.join(', ')}`;
  return parts.join('; ');
}

/**
 * The one problem of an error written as one sentence about `field`: `amount: must be …` becomes the predicate
 * `must be …`; a message that does not start with the field's name ("Order not found") stands alone.
 */
export function problemOfMessage(field: string, message: string, code: string): FieldProblem {
  const prefix = `${field}: `;
  return message.startsWith(prefix)
    ? { field, code, message: message.slice(prefix.length) }
    : { field, code, message, standalone: true };
}
