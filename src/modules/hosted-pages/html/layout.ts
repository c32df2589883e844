import { assetUrl } from '../assets/static-assets.ts';
import type { PageLocale } from '../i18n/locale.ts';
import { html, type SafeHtml } from './html.ts';

export interface LayoutParams {
  baseUrl: string;
  locale: PageLocale;
  title: string;
  /** Orders of test projects: a visible banner on every page, so nobody mistakes them for real payments. */
  isTest: boolean;
  body: SafeHtml;
  /** Loads the card form's validation script. */
  cardScript?: boolean;
}

export function layout(params: LayoutParams): SafeHtml {
  const { baseUrl, locale, title, isTest, body } = params;
  const script = params.cardScript
    ? html`<script src="${assetUrl(baseUrl, 'cardFormScript')}" defer></script>`
    : '';
  const banner = isTest ? html`<p class="test-banner" role="note">${locale.t('page.test_banner')}</p>` : '';
  return html`<!doctype html>
<html lang="${locale.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${title}</title>
<link rel="stylesheet" href="${assetUrl(baseUrl, 'stylesheet')}">
${script}
</head>
<body>
${banner}
<main class="page">
${body}
</main>
<footer class="page"><p>${locale.t('page.footer')}</p></footer>
</body>
</html>
`;
}
