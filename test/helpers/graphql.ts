import { basicAuth } from './http.ts';

export interface GraphQLResponse<T> {
  status: number;
  data: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  /** The response's own extensions, e.g. `cost`. */
  extensions?: Record<string, any>;
}

/** Sends one GraphQL operation over real HTTP as a dashboard would. */
export function graphqlClient(baseUrl: string, apiKey?: string) {
  return async <T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): Promise<GraphQLResponse<T>> => {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(apiKey ? { authorization: basicAuth(apiKey) } : {}),
        ...headers,
      },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    const json = text ? (JSON.parse(text) as Omit<GraphQLResponse<T>, 'status'>) : { data: null };
    return { status: response.status, ...json };
  };
}

export type GraphQLClient = ReturnType<typeof graphqlClient>;
