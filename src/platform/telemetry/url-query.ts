/**
 * A query string as a span may carry it: the parameter names, each value replaced. Merchants put secrets in
 * their webhook URLs (`?token=…`), and search terms name customers; the names alone say what was asked.
 */
export function redactedQuery(query: string): string {
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=REDACTED`)
    .join('&');
}

/** `path` (as a request line or request options carry it) with its query values replaced; as it is without one. */
export function redactedPath(path: string): string {
  const mark = path.indexOf('?');
  return mark < 0 ? path : `${path.slice(0, mark)}?${redactedQuery(path.slice(mark + 1))}`;
}

/** The `url.full` of an outgoing request: scheme, host, port when not the default, path with query redacted. */
export function redactedUrl(request: {
  protocol?: string | null;
  hostname?: string | null;
  host?: string | null;
  port?: number | string | null;
  path?: string | null;
}): string {
  const protocol = request.protocol ?? 'http:';
  const host = request.hostname ?? request.host ?? 'localhost';
  const port = Number(request.port);
  const defaultPort = protocol === 'https:' ? 443 : 80;
  const hostPort = port && port !== defaultPort ? `${host}:${port}` : host;
  return `${protocol}//${hostPort}${redactedPath(request.path ?? '/')}`;
}
