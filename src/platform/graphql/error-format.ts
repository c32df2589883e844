import type { GraphQLFormattedError } from 'graphql';
import { isDatabaseOutage, OUTAGE_MESSAGE_TEXT } from '../errors/outage.ts';

/**
 * How GraphQL errors leave the server, over HTTP and WebSocket alike. In production, errors without a known
 * code (a fault of ours) become "Internal server error" with nothing of the original, and graphql-js's field
 * suggestions ("Did you mean …?"), which let anyone map a schema with introspection off, are cut.
 */
export function formatGraphQLError(
  formatted: GraphQLFormattedError,
  production: boolean,
  original?: unknown,
): GraphQLFormattedError {
  // A database outage, in every mode: a code clients can retry on, and no driver message or address.
  if (original !== undefined && isDatabaseOutage(original)) {
    return {
      message: OUTAGE_MESSAGE_TEXT,
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions: { code: 'SERVICE_UNAVAILABLE' },
    };
  }
  if (!production) return formatted;
  const code = formatted.extensions?.code;
  if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
    return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  }
  const message = withoutSuggestions(formatted.message);
  return message === formatted.message ? formatted : { ...formatted, message };
}

export function withoutSuggestions(message: string): string {
  return message.replace(/ ?Did you mean [^?]*\?$/, '');
}
