import * as generated from './gql/graphql.ts';

/**
 * Trusted documents: the server runs a signed-in user's operations only from the manifest codegen writes
 * (`gql/persisted-documents.json`, sha256 ids). Each generated document carries its id (`__meta__.documentId`);
 * the portal sends that id instead of the document's text, over HTTP and over graphql-ws alike.
 */
const ids = new Map<string, string>();
for (const value of Object.values(generated)) {
  const document = value as {
    __meta__?: { documentId?: string };
    definitions?: readonly { kind: string; name?: { value: string } }[];
  };
  const id = document?.__meta__?.documentId;
  const operation = document?.definitions?.find((definition) => definition.kind === 'OperationDefinition');
  if (id && operation?.name) ids.set(operation.name.value, id);
}

/** The trusted document id of a portal operation, by its name (codegen keeps operation names unique). */
export function trustedDocumentId(operationName: unknown): string | null {
  return typeof operationName === 'string' ? (ids.get(operationName) ?? null) : null;
}

/** An operation's request body with its trusted document id in place of its text. */
export function withDocumentId<T extends { query?: unknown; operationName?: unknown }>(
  body: T,
): T | (Omit<T, 'query'> & { documentId: string }) {
  const documentId = trustedDocumentId(body.operationName);
  if (!documentId) return body;
  const { query: _text, ...rest } = body;
  return { ...rest, documentId };
}

/** `fetch` for urql: a GraphQL request's JSON body goes out with the document id instead of the text. */
export const fetchWithDocumentIds: typeof fetch = (input, init) => {
  if (typeof init?.body !== 'string') return fetch(input, init);
  return fetch(input, { ...init, body: JSON.stringify(withDocumentId(JSON.parse(init.body))) });
};
