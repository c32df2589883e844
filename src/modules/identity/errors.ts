import { type DomainError, withoutStack } from '../../platform/errors/domain-error.ts';
import { commonError, type ErrorTable, errorsOf } from '../../platform/errors/error-table.ts';

/**
 * The identity module's codes with their kinds (sign-in, sessions, users, API keys, passwords): these errors
 * and the REST contracts' error lists (rest/session-contracts.ts) are built from here.
 */
export const IDENTITY_ERRORS = {
  invalid_credentials: 'unauthorized',
  csrf_token_invalid: 'forbidden',
  project_required: 'invalid_request',
  email_taken: 'conflict',
  last_admin: 'conflict',
  api_key_not_active: 'conflict',
  api_key_already_rolled: 'conflict',
  role_above_yours: 'forbidden',
  wrong_password: 'invalid_request',
  invalid_reset_link: 'invalid_request',
  weak_password: 'invalid_request',
} as const satisfies ErrorTable;

export const identityErrors = errorsOf(IDENTITY_ERRORS);
const { error } = identityErrors;

/** A REST contract's entry for one of the identity codes: `identityErrorEntries.weak_password(when)`. */
export const identityErrorEntries = identityErrors.entries;

/**
 * Unknown, malformed, expired and revoked API keys are refused alike (401), without building a stack trace,
 * with one error built once: it carries nothing of the request, and a flood of made-up keys is its hot path.
 */
const API_KEY_REFUSED = withoutStack(() =>
  commonError('unauthorized', 'A valid API key is required as the Basic auth user name'),
);
export const apiKeyRefused = (): DomainError => API_KEY_REFUSED;

/** Wrong password and unknown e-mail address alike: nothing tells which one it was. */
export const signInRefused = () =>
  withoutStack(() => error('invalid_credentials', 'The e-mail address or password is incorrect'));

export const sessionRequired = () =>
  withoutStack(() =>
    commonError('unauthorized', 'Sign in first: the session is missing, has ended or has expired'),
  );

export const csrfTokenRefused = () =>
  withoutStack(() =>
    error(
      'csrf_token_invalid',
      'Send the x-csrf-token header with the csrf_token of the sign-in (GET the session to read it again)',
    ),
  );

export const emailTaken = () =>
  error('email_taken', 'This project already has a user with this e-mail address', 'email');

export const lastAdmin = () =>
  error('last_admin', 'This is the last admin of the project: make another user admin before removing it');

export const keyNotActive = () => error('api_key_not_active', 'The API key is already revoked or expired');

/**
 * A key that was rolled already is not rolled again: it would get a second live successor. The successor is
 * named (its id, as `apiKeys` lists it to the same callers): roll that one to replace the key again.
 */
export const keyAlreadyRolled = (successorId: string | null) =>
  error(
    'api_key_already_rolled',
    `id: this API key was rolled already${successorId ? ` (its successor is ${successorId})` : ''}; roll its successor instead, or revoke the key to stop it before its overlap ends`,
    'id',
  );

/**
 * The address and password open accounts in several projects (the person chose the same password for each):
 * the sign-in must name one. Only someone who knows that password learns the projects' ids.
 */
export const projectRequired = (projectIds: string[]) =>
  error(
    'project_required',
    `project_id: this address and password open several projects; send project_id, one of ${projectIds.join(', ')}`,
    'project_id',
  );

/** A key (or its roll) may not rank above the key or user that makes it (key-roles.ts). */
export const roleAboveMaker = (makerRole: string, role: string) =>
  error(
    'role_above_yours',
    `A key may not have a role above its maker's: you are ${makerRole}, the key would be ${role}`,
    'role',
  );

/** `changePassword`: the current password sent is not the user's. */
export const wrongPassword = () =>
  error('wrong_password', 'currentPassword: is not your password', 'currentPassword');

/** A password-reset link that was used, expired or replaced. */
export const resetLinkRefused = () =>
  error(
    'invalid_reset_link',
    'token: this reset link is not valid: it was used, it expired, or a newer one was issued',
    'token',
  );
