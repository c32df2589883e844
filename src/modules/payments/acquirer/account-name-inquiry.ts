import type { CardBrand } from '../../vault/index.ts';
import type { AccountNameInquiryResult, AniMatch, AniStatus } from './acquirer.ts';

/** Visa Account Name Inquiry (spec 2.5): when it runs, how names are compared, and the `ani_results` shape. */

export const ANI_STATUS_DESCRIPTIONS: Readonly<Record<AniStatus, string>> = {
  '00': 'performed',
  '01': 'requested, not performed',
  '02': 'requested, issuer does not support it',
};

export const ANI_MATCH_DESCRIPTIONS: Readonly<Record<AniMatch, string>> = {
  '01': 'full match',
  '50': 'partial match',
  '99': 'no match',
};

export interface AccountNameInquiryConditions {
  amount: number;
  brand: CardBrand | null;
  cardholderName?: string | null;
  /** `payment_method_details.one_click_type`; absent on a plain card payment. */
  oneClickType?: 'first' | 'one-click' | null;
}

/** The inquiry runs on the first one-click transaction when the amount is 0, the card is Visa and a name was entered. */
export function shouldRunAccountNameInquiry(conditions: AccountNameInquiryConditions): boolean {
  return (
    conditions.amount === 0 &&
    conditions.brand === 'visa' &&
    (conditions.cardholderName ?? '').trim() !== '' &&
    conditions.oneClickType === 'first'
  );
}

/** Upper case, trimmed, runs of whitespace collapsed to one space. */
export function normalizeCardholderName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** `01` same name after normalizing, `50` at least one word in common, `99` otherwise. */
export function matchCardholderName(entered: string, registered: string): AniMatch {
  const enteredName = normalizeCardholderName(entered);
  const registeredName = normalizeCardholderName(registered);
  if (enteredName !== '' && enteredName === registeredName) return '01';
  const registeredWords = new Set(registeredName.split(' ').filter((word) => word !== ''));
  const shared = enteredName.split(' ').some((word) => word !== '' && registeredWords.has(word));
  return shared ? '50' : '99';
}

export function aniResult(status: AniStatus, match?: AniMatch): AccountNameInquiryResult {
  const result: AccountNameInquiryResult = { status, statusDescription: ANI_STATUS_DESCRIPTIONS[status] };
  if (match !== undefined) {
    result.match = match;
    result.matchDescription = ANI_MATCH_DESCRIPTIONS[match];
  }
  return result;
}

/** `payment_method_details.ani_results` as the API shows it. */
export interface AniResultsPayload {
  status: AniStatus;
  status_description: string;
  match?: AniMatch;
  match_description?: string;
}

export function toAniResultsPayload(result: AccountNameInquiryResult): AniResultsPayload {
  const payload: AniResultsPayload = { status: result.status, status_description: result.statusDescription };
  if (result.match !== undefined) {
    payload.match = result.match;
    payload.match_description = result.matchDescription ?? ANI_MATCH_DESCRIPTIONS[result.match];
  }
  return payload;
}
