import { DomainError, withoutStack } from '../../platform/errors/domain-error.ts';

/**
 * Unknown, malformed, expired and revoked API keys are refused alike (401), without building a stack trace,
 * with one error built once: it carries nothing of the request, and a flood of made-up keys is its hot path.
 */
const API_KEY_REFUSED = withoutStack(
  () =>
    new DomainError(
      'unauthorized',
      'unauthorized',
      'A valid API key is required as the Basic auth user name',
    ),
);
export const apiKeyRefused = (): DomainError => API_KEY_REFUSED;

/** Wrong password and unknown e-mail address alike: nothing tells which one it was. */
export const signInRefused = () =>
  withoutStack(
    () =>
      new DomainError('unauthorized', 'invalid_credentials', 'The e-mail address or password is incorrect'),
  );

export const sessionRequired = () =>
  withoutStack(
    () =>
      new DomainError(
        'unauthorized',
        'unauthorized',
        'Sign in first: the session is missing, has ended or has expired',
      ),
  );

export const csrfTokenRefused = () =>
  withoutStack(
    () =>
      new DomainError(
        'forbidden',
        'csrf_token_invalid',
        'Send the x-csrf-token header with the csrf_token of the sign-in (GET the session to read it again)',
      ),
  );

export const emailTaken = () =>
  new DomainError(
    'conflict',
    'email_taken',
    'This project already has a user with this e-mail address',
    'email',
  );

export const lastAdmin = () =>
  new DomainError(
    'conflict',
    'last_admin',
    'This is the last admin of the project: make another user admin before removing it',
  );

export const keyNotActive = () =>
  new DomainError('conflict', 'api_key_not_active', 'The API key is already revoked or expired');

/**
 * The address and password open accounts in several projects (the person chose the same password for each):
 * the sign-in must name one. Only someone who knows that password learns the projects' ids.
 */
export const projectRequired = (projectIds: string[]) =>
  new DomainError(
    'invalid_request',
    'project_required',
    `project_id: this address and password open several projects; send project_id, one of ${projectIds.join(', ')}`,
    'project_id',
  );
