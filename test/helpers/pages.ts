/** Customer-facing pages as a browser uses them: GET keeps the CSRF cookie and token, forms post them back. */

export interface OpenedPage {
  status: number;
  headers: Headers;
  html: string;
  /** The `_csrf` form token and the cookies that go with it (the `Cookie` header to send back). */
  csrfToken: string | null;
  cookie: string | null;
  location: string | null;
}

/**
 * A page's forms, by their address after the page's: order page `card`, `cancel`, `method/{method}`; payment page
 * `challenge`, `card`, `cancel`; the simulated bank's page posts to itself (`''`).
 */
export type PageForm = '' | 'card' | 'cancel' | 'challenge' | `method/${string}`;

/** The `Cookie` header of the cookies a response set (name=value pairs), or null when it set none. */
function cookiesSetBy(response: Response): string | null {
  const pairs = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  return pairs.length > 0 ? pairs.join('; ') : null;
}

function openedPage(response: Response, html: string, cookie: string | null): OpenedPage {
  return {
    status: response.status,
    headers: response.headers,
    html,
    csrfToken: /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? null,
    cookie,
    location: response.headers.get('location'),
  };
}

/** GETs a page as a fresh browser would, keeping the cookies it sets and the form token. */
export async function openPage(url: string, headers: Record<string, string> = {}): Promise<OpenedPage> {
  const response = await fetch(url, { redirect: 'manual', headers });
  return openedPage(response, await response.text(), cookiesSetBy(response));
}

export interface PostResult {
  status: number;
  location: string | null;
  html: string;
  headers: Headers;
}

async function sendForm(
  url: string,
  fields: Record<string, string>,
  csrfToken: string | null,
  cookie: string | null,
): Promise<Response> {
  const body = new URLSearchParams({ ...(csrfToken ? { _csrf: csrfToken } : {}), ...fields });
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: body.toString(),
  });
}

async function postResult(response: Response): Promise<PostResult> {
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: await response.text(),
    headers: response.headers,
  };
}

/**
 * Posts a form of a page (order page: `card`, `cancel`; payment page: `challenge`, `card`, `cancel`) with the
 * page's CSRF token and cookie, opening the page first when no opened page is given. Each call is a browser of
 * its own: a cookie the post sets is not kept (a `PageBrowser` keeps them).
 */
export async function postPageForm(
  pageUrl: string,
  form: PageForm,
  fields: Record<string, string>,
  page?: Pick<OpenedPage, 'csrfToken' | 'cookie'>,
): Promise<PostResult> {
  const opened = page ?? (await openPage(pageUrl));
  return postResult(await sendForm(`${pageUrl}${form}`, fields, opened.csrfToken, opened.cookie));
}

/**
 * One customer's browser: it keeps every cookie the pages set (the CSRF secret; the payer cookie that ties a
 * payment attempt to the browser that started it) and sends them with each request, as a browser does. Two of
 * them are two people with the same link.
 */
export class PageBrowser {
  readonly #cookies = new Map<string, string>();

  /** The `Cookie` header this browser sends now, or null while it has no cookie. */
  get cookie(): string | null {
    if (this.#cookies.size === 0) return null;
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Whether the browser holds a cookie of that name. */
  has(name: string): boolean {
    return this.#cookies.has(name);
  }

  /** GETs a page with this browser's cookies, keeping those it sets; `cookie` is what it sends afterwards. */
  async open(url: string, headers: Record<string, string> = {}): Promise<OpenedPage> {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { ...headers, ...(this.cookie ? { cookie: this.cookie } : {}) },
    });
    const html = await response.text();
    this.#keep(response);
    return openedPage(response, html, this.cookie);
  }

  /**
   * Posts a form of a page with this browser's cookies and the page's token (the page is opened first when not
   * given), keeping the cookies the answer sets.
   */
  async post(
    pageUrl: string,
    form: PageForm,
    fields: Record<string, string>,
    page?: Pick<OpenedPage, 'csrfToken'>,
  ): Promise<PostResult> {
    const opened = page ?? (await this.open(pageUrl));
    const response = await sendForm(`${pageUrl}${form}`, fields, opened.csrfToken, this.cookie);
    this.#keep(response);
    return postResult(response);
  }

  #keep(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const removed = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (removed) this.#cookies.delete(name);
      else this.#cookies.set(name, pair!.slice(at + 1).trim());
    }
  }
}
