import { request } from 'node:http';

export interface AddressedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One HTTP request sent from a client address of the caller's choosing: the socket is bound to `from`, a
 * loopback address (any of 127.0.0.0/8 on Linux), so the server sees a client of its own for each address, as
 * it would for clients on other machines (the server's client address is the TCP peer).
 */
export function requestFrom(
  from: string,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<AddressedResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: {
          ...(options.body !== undefined
            ? { 'content-length': String(Buffer.byteLength(options.body)) }
            : {}),
          ...options.headers,
        },
        localAddress: from,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** `POST {portal}/session` from an address: a sign-in attempt as one client makes it. */
export function signInFrom(from: string, baseUrl: string, email: string, password: string) {
  return requestFrom(from, `${baseUrl}/portal/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}
