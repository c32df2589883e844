import { DomainError } from '../../platform/errors/domain-error.ts';

/** Unknown, malformed and revoked API keys are refused alike (401). */
export const apiKeyRefused = () =>
  new DomainError('unauthorized', 'unauthorized', 'A valid API key is required as the Basic auth user name');
