export interface HttpResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Basic auth exactly as the spec has it: the API key as user name and an empty password. */
export function basicAuth(apiKey: string): string {
  return `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;
}

/** A tiny REST client over real HTTP (fetch); redirects are never followed so tests can see them. */
export function restClient(baseUrl: string, apiKey?: string) {
  const call = async <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpResult<T>> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(apiKey ? { authorization: basicAuth(apiKey) } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a page, a CSV report): keep the text.
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  };
  return {
    get: <T = Record<string, unknown>>(path: string, headers?: Record<string, string>) =>
      call<T>('GET', path, undefined, headers),
    post: <T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('POST', path, body, headers),
    call,
  };
}

export type RestClient = ReturnType<typeof restClient>;
