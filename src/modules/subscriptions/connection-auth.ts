import { apiKeyFromBasicAuth } from '../../platform/http/basic-auth.ts';

/**
 * The API key from a graphql-ws `connection_init` payload. Two shapes are accepted, so both a browser client
 * (which cannot set headers on a WebSocket) and code that already builds the REST header work:
 *
 *   { "authorization": "Basic <base64 of 'API_KEY:'>" }   (the same value as the REST Authorization header)
 *   { "apiKey": "API_KEY" }
 */
export function apiKeyFromConnectionParams(
  params: Record<string, unknown> | undefined | null,
): string | null {
  if (!params || typeof params !== 'object') return null;
  const apiKey = params.apiKey ?? params.api_key;
  if (typeof apiKey === 'string' && apiKey !== '') return apiKey;
  const header = params.authorization ?? params.Authorization;
  if (typeof header === 'string') return apiKeyFromBasicAuth(header);
  return null;
}
