import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { Logger } from 'pino';
import { DomainError } from '../errors/domain-error.ts';

/**
 * Every internal GraphQL error (a resolver or the data behind it failing, not the caller's mistake) is logged
 * once, at error level, with the operation's name and path, never its variables or document (which may carry
 * card data). Over HTTP the request's logger adds the request id; over WebSocket the caller passes the
 * connection's and the operation's ids (websocket.ts).
 */
export function isInternalError(error: GraphQLError): boolean {
  const code = error.extensions?.code;
  if (code !== undefined && code !== 'INTERNAL_SERVER_ERROR') return false;
  const cause = error.originalError;
  if (cause instanceof DomainError) return false;
  if (cause instanceof GraphQLError && cause !== error) return isInternalError(cause);
  // No code at all: thrown by a resolver, or raised serializing what it returned.
  return true;
}

export function logInternalErrors(
  logger: Logger,
  errors: readonly GraphQLError[],
  operation: { operationName: string | null; [key: string]: unknown },
): void {
  for (const error of errors) {
    if (!isInternalError(error)) continue;
    logger.error(
      { err: error.originalError ?? error, path: error.path?.join('.') ?? null, ...operation },
      'graphql internal error',
    );
  }
}

/** The Apollo plugin: `loggerOf` gives the operation's logger (the request's, with its request id). */
export function internalErrorLoggingPlugin<Context>(
  loggerOf: (context: Context | undefined) => Logger,
): ApolloServerPlugin<Context & object> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue, operationName, request }) {
          logInternalErrors(loggerOf(contextValue), errors, {
            operationName: operationName ?? request.operationName ?? null,
          });
        },
      };
    },
  };
}
