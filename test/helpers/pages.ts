/** Customer-facing pages as a browser uses them: GET keeps the CSRF cookie and token, forms post them back. */

export interface OpenedPage {
  status: number;
  headers: Headers;
  html: string;
  /** The `_csrf` form token and the cookie that goes with it. */
  csrfToken: string | null;
  cookie: string | null;
  location: string | null;
}

/** GETs a page as a browser would, keeping the CSRF cookie and the form token. */
export async function openPage(url: string, headers: Record<string, string> = {}): Promise<OpenedPage> {
  const response = await fetch(url, { redirect: 'manual', headers });
  const html = await response.text();
  const setCookie = response.headers.get('set-cookie');
  return {
    status: response.status,
    headers: response.headers,
    html,
    csrfToken: /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? null,
    cookie: setCookie ? setCookie.split(';')[0]! : null,
    location: response.headers.get('location'),
  };
}

export interface PostResult {
  status: number;
  location: string | null;
  html: string;
  headers: Headers;
}

/**
 * Posts a form of a page (order page: `card`, `cancel`; payment page: `challenge`, `card`, `cancel`) with the
 * page's CSRF token and cookie, opening the page first when no opened page is given.
 */
export async function postPageForm(
  pageUrl: string,
  form: 'card' | 'cancel' | 'challenge',
  fields: Record<string, string>,
  page?: Pick<OpenedPage, 'csrfToken' | 'cookie'>,
): Promise<PostResult> {
  const opened = page ?? (await openPage(pageUrl));
  const body = new URLSearchParams({ ...(opened.csrfToken ? { _csrf: opened.csrfToken } : {}), ...fields });
  const response = await fetch(`${pageUrl}${form}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(opened.cookie ? { cookie: opened.cookie } : {}),
    },
    body: body.toString(),
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: await response.text(),
    headers: response.headers,
  };
}
