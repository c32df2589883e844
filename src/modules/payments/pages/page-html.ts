import { currencyExponent } from '../../orders/money.ts';
import type { Order } from '../../orders/order.entity.ts';
import { THREE_D_SECURE_TEST_CHALLENGE_CODE } from '../acquirer/three-d-secure.ts';

/**
 * Minimal server-rendered pages of the card payment flow (the hosted-pages work restyles them). Every dynamic
 * value goes through `escapeHtml`; no page ever holds a card number or CVC, not even when re-shown after an error.
 */

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function formatAmount(amount: number, currency: string): string {
  const exponent = currencyExponent(currency);
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount / 10 ** exponent);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2933}
label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{padding:.6rem 1.2rem;font-size:1rem;margin:.75rem .5rem 0 0}.problems{color:#b42318}.hint{color:#52606d}
</style>
</head>
<body><main>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body>
</html>`;
}

function summary(order: Order): string {
  const what = order.description ? `${escapeHtml(order.description)}: ` : '';
  return `<p>${what}<strong>${escapeHtml(formatAmount(order.amount, order.currency))}</strong></p>`;
}

export function challengePage(params: {
  order: Order;
  actionUrl: string;
  csrfToken: string;
  isTest: boolean;
}): string {
  const hint = params.isTest
    ? `<p class="hint">Test payment: the code ${THREE_D_SECURE_TEST_CHALLENGE_CODE} passes, any other code fails.</p>`
    : '';
  return layout(
    'Confirm your payment',
    `${summary(params.order)}
<p>Your bank asks you to confirm this payment with the code it sent you.</p>
${hint}
<form method="post" action="${escapeHtml(params.actionUrl)}">
<input type="hidden" name="_csrf" value="${escapeHtml(params.csrfToken)}">
<label>Verification code<input name="code" inputmode="numeric" autocomplete="one-time-code" required></label>
<button type="submit">Confirm</button>
</form>`,
  );
}

export function cardFormPage(params: {
  order: Order;
  actionUrl: string;
  csrfToken: string;
  problems?: { field: string; message: string }[];
  cardholderName?: string;
}): string {
  const problems = params.problems?.length
    ? `<ul class="problems">${params.problems
        .map((p) => `<li>${escapeHtml(p.field)}: ${escapeHtml(p.message)}</li>`)
        .join('')}</ul>`
    : '';
  const name = params.cardholderName ? ` value="${escapeHtml(params.cardholderName)}"` : '';
  return layout(
    'Pay by card',
    `${summary(params.order)}
${problems}
<form method="post" action="${escapeHtml(params.actionUrl)}" autocomplete="on">
<input type="hidden" name="_csrf" value="${escapeHtml(params.csrfToken)}">
<label>Card number<input name="pan" inputmode="numeric" autocomplete="cc-number" required></label>
<label>Expiry (MMYYYY)<input name="expiry" inputmode="numeric" autocomplete="cc-exp" required></label>
<label>Name on card<input name="name" autocomplete="cc-name"${name}></label>
<label>Security code<input name="cvc" inputmode="numeric" autocomplete="cc-csc" required></label>
<button type="submit">Pay</button>
</form>`,
  );
}

export function resultPage(succeeded: boolean, order: Order): string {
  return succeeded
    ? layout('Payment completed', `${summary(order)}<p>Thank you: your payment went through.</p>`)
    : layout(
        'Payment failed',
        `${summary(order)}<p>The payment did not go through. Nothing was charged.</p>`,
      );
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<p>${escapeHtml(message)}</p>`);
}
