import type { CardField, CardFormProblem } from '../card-form-input.ts';
import type { Translate } from '../i18n/messages.ts';
import { flag, html, type SafeHtml } from './html.ts';

export interface CardFormParams {
  t: Translate;
  actionUrl: string;
  csrfToken: string;
  submitLabel: string;
  /** Server-side problems of the last post, shown at their fields. */
  problems?: readonly CardFormProblem[];
  /** Non-secret values of the last post. The card number and the CVC are never put back into a page. */
  echo?: { expiry?: string; name?: string };
  /** The customer chose to pay another way while an earlier attempt waits for the acquirer. */
  payingAgain?: boolean;
}

const IDS: Readonly<Record<CardField, string>> = {
  pan: 'card-number',
  expiry: 'card-expiry',
  cvc: 'card-cvc',
  name: 'card-name',
};

export function problemMessage(t: Translate, problem: CardFormProblem): string {
  return t(`error.${problem.field}.${problem.code}` as Parameters<Translate>[0], {
    digits: problem.digits ?? 3,
  });
}

/**
 * The card form: number, expiry, security code, name. Every input has a label and an error slot tied to it
 * with `aria-describedby` (filled by the server after a refused post, or by the script as the customer types);
 * invalid fields carry `aria-invalid`. The script's messages travel as `data-msg-*` attributes, so it needs no
 * inline code and no catalogue of its own.
 */
export function cardForm(params: CardFormParams): SafeHtml {
  const { t, problems = [], echo = {} } = params;
  const problemOf = (field: CardField) => problems.find((p) => p.field === field);

  interface InputSpec {
    autocomplete: string;
    maxlength: number;
    /** Digits: numeric keyboard, no spell check or capitals. */
    numeric?: boolean;
    short?: boolean;
    optional?: boolean;
    value?: string;
  }

  const field = (
    name: CardField,
    label: string,
    input: InputSpec,
    extra: { hint?: string; brand?: boolean } = {},
  ) => {
    const id = IDS[name];
    const problem = problemOf(name);
    const describedBy = [extra.hint ? `${id}-hint` : null, extra.brand ? `${id}-brand` : null, `${id}-error`]
      .filter(Boolean)
      .join(' ');
    const attributes = html`${flag('inputmode="numeric" autocapitalize="off" spellcheck="false"', !!input.numeric)}${flag('required', !input.optional)}${flag('aria-invalid="true"', !!problem)}${flag('class="input-short"', !!input.short)}`;
    return html`<div class="field">
<label for="${id}">${label}</label>
${extra.hint ? html`<p id="${id}-hint" class="hint">${extra.hint}</p>` : ''}
<input id="${id}" name="${name}" type="text" autocomplete="${input.autocomplete}" maxlength="${input.maxlength}" aria-describedby="${describedBy}"${attributes}${input.value ? html` value="${input.value}"` : ''}>
${extra.brand ? html`<p id="${id}-brand" class="brand" aria-live="polite"></p>` : ''}
<p id="${id}-error" class="field-error" aria-live="polite">${problem ? problemMessage(t, problem) : ''}</p>
</div>`;
  };

  const summary =
    problems.length > 0 ? html`<p class="alert" role="alert">${t('card.errors_heading')}</p>` : '';

  return html`<form method="post" action="${params.actionUrl}" class="card-form" data-card-form
 data-msg-pan-required="${t('error.pan.required')}" data-msg-pan-invalid="${t('error.pan.invalid')}"
 data-msg-expiry-required="${t('error.expiry.required')}" data-msg-expiry-invalid="${t('error.expiry.invalid')}"
 data-msg-expiry-expired="${t('error.expiry.expired')}" data-msg-cvc-required="${t('error.cvc.required')}"
 data-msg-cvc-invalid="${t('error.cvc.invalid')}"
 data-msg-name-invalid="${t('error.name.invalid')}" data-msg-brand="${t('card.brand')}"
 data-msg-processing="${t('card.processing')}">
<input type="hidden" name="_csrf" value="${params.csrfToken}">
${params.payingAgain ? html`<input type="hidden" name="pay_again" value="1">` : ''}
${summary}
${field('pan', t('card.number'), { autocomplete: 'cc-number', numeric: true, maxlength: 23 }, { brand: true })}
${field(
  'expiry',
  t('card.expiry'),
  { autocomplete: 'cc-exp', numeric: true, maxlength: 9, short: true, value: echo.expiry },
  { hint: t('card.expiry_hint') },
)}
${field('cvc', t('card.cvc'), { autocomplete: 'cc-csc', numeric: true, maxlength: 4, short: true }, { hint: t('card.cvc_hint') })}
${field('name', t('card.name'), { autocomplete: 'cc-name', maxlength: 120, optional: true, value: echo.name })}
<button type="submit" class="button">${params.submitLabel}</button>
</form>`;
}
