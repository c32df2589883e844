import { normaliseExpiry, parseCardForm } from '../../src/modules/hosted-pages/card-form-input.ts';
import { escapeHtml, html } from '../../src/modules/hosted-pages/html/html.ts';
import { formatAmount, pageLocaleFor } from '../../src/modules/hosted-pages/i18n/locale.ts';
import { CATALOGUES } from '../../src/modules/hosted-pages/i18n/messages.ts';
import { pageContentSecurityPolicy } from '../../src/modules/hosted-pages/page-response.ts';

const NBSP = '\u00a0';
const NOW = new Date('2026-06-15T12:00:00Z');

describe('amounts on the pages', () => {
  it.each([
    [995, 'EUR', 'en', '€9.95'],
    [995, 'JPY', 'en', '¥995'],
    [995, 'KWD', 'en', `KWD${NBSP}0.995`],
    [5, 'EUR', 'en', '€0.05'],
    [0, 'EUR', 'en', '€0.00'],
    [123456, 'EUR', 'nl-NL', `€${NBSP}1.234,56`],
    [99_999_999_999, 'EUR', 'en', '€999,999,999.99'],
  ])('formats %i minor units of %s in %s as %s', (amount, currency, locale, shown) => {
    expect(formatAmount(amount, currency, locale)).toBe(shown);
  });
});

describe('the language of a page', () => {
  it("takes the order's customer locale when we speak its language", () => {
    expect(pageLocaleFor('nl_NL', 'en')).toMatchObject({ language: 'nl', locale: 'nl-NL' });
    expect(pageLocaleFor('en-GB', 'nl')).toMatchObject({ language: 'en', locale: 'en-GB' });
  });

  it("falls back to the browser's preferences, by quality, then to English", () => {
    expect(pageLocaleFor('de_DE', 'fr;q=0.9, nl-BE;q=0.8, en;q=0.5')).toMatchObject({
      language: 'nl',
      locale: 'nl-BE',
    });
    expect(pageLocaleFor(undefined, 'en;q=0.2, nl;q=0.9')).toMatchObject({ language: 'nl' });
    expect(pageLocaleFor('not a locale!', 'x-*;;q=abc, *')).toMatchObject({ language: 'en', locale: 'en' });
    expect(pageLocaleFor(undefined, undefined)).toMatchObject({ language: 'en' });
  });

  it('translates with placeholders, and every catalogue has every message', () => {
    expect(pageLocaleFor('nl', undefined).t('card.pay', { amount: '€ 1,00' })).toBe('Betaal € 1,00');
    expect(Object.keys(CATALOGUES.nl).sort()).toEqual(Object.keys(CATALOGUES.en).sort());
  });
});

describe('the html template', () => {
  it('escapes every interpolated value unless it is already html', () => {
    const description = '<script>alert("x")</script>&\'';
    expect(escapeHtml(description)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
    expect(html`<p title="${description}">${description}${html`<b>${'<i>'}</b>`}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;">' +
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;<b>&lt;i&gt;</b></p>',
    );
    expect(html`${[html`<li>${'a<'}</li>`, null, false, undefined, 0]}`.value).toBe('<li>a&lt;</li>0');
  });
});

describe('the card form as posted', () => {
  it.each([
    ['12/29', '122029'],
    ['12 / 29', '122029'],
    ['1229', '122029'],
    ['1/2030', '012030'],
    ['12-2029', '122029'],
    ['122029', '122029'],
    ['13/29', null],
    ['00/29', null],
    ['12/9', null],
    ['december', null],
  ])('reads the expiry %s as %s', (typed, expiry) => {
    expect(normaliseExpiry(typed)).toBe(expiry);
  });

  it('accepts a card typed with spaces and gives the vault digits and MMYYYY', () => {
    const result = parseCardForm(
      { pan: '4111 1111-1111 1111', expiry: '12 / 29', cvc: '123', name: ' Jo ' },
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      card: { pan: '4111111111111111', expiry: '122029', cvc: '123', name: 'Jo' },
    });
  });

  it('leaves the name out when none is given (it is optional, as in the vault)', () => {
    const result = parseCardForm({ pan: '4111111111111111', expiry: '12/29', cvc: '123', name: '  ' }, NOW);
    expect(result).toEqual({ ok: true, card: { pan: '4111111111111111', expiry: '122029', cvc: '123' } });
  });

  it('names every problem by field and code, never by value, and echoes only expiry and name', () => {
    const result = parseCardForm(
      { pan: '4111111111111112', expiry: '05/26', cvc: '1234', name: 'x'.repeat(121) },
      NOW,
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: 'pan', code: 'invalid' },
        { field: 'expiry', code: 'expired' },
        { field: 'cvc', code: 'invalid', digits: 3 },
        { field: 'name', code: 'invalid' },
      ],
      echo: { expiry: '05/26', name: 'x'.repeat(120) },
    });
    expect(JSON.stringify(result)).not.toContain('4111111111111112');
    expect(JSON.stringify(result)).not.toContain('1234');
  });

  it('asks 4 digits of an American Express card and reports missing fields as required', () => {
    expect(parseCardForm({ pan: '378282246310005', expiry: '12/29', cvc: '1234' }, NOW).ok).toBe(true);
    const amex = parseCardForm({ pan: '378282246310005', expiry: '12/29', cvc: '123' }, NOW);
    expect(amex.ok || amex.problems).toEqual([{ field: 'cvc', code: 'invalid', digits: 4 }]);
    const empty = parseCardForm({}, NOW);
    expect(empty.ok || empty.problems.map((p) => `${p.field}:${p.code}`)).toEqual([
      'pan:required',
      'expiry:required',
      'cvc:required',
    ]);
  });

  it('takes the current month as still valid', () => {
    expect(parseCardForm({ pan: '4111111111111111', expiry: '06/26', cvc: '123' }, NOW).ok).toBe(true);
  });
});

describe('the content security policy', () => {
  it('adds the origins of the shop URLs to form-action, and nothing else', () => {
    expect(
      pageContentSecurityPolicy(['https://shop.example/a?b=c', null, 'http://localhost:8080/x', 'nonsense']),
    ).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
        "form-action 'self' https://shop.example http://localhost:8080; frame-ancestors 'none'; base-uri 'none'",
    );
  });
});
