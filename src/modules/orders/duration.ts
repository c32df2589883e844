import { exactPartsMs, parseIsoDuration } from '../../platform/validation/duration.ts';

/** The longest an order may stay open. */
const MAX_DAYS = 31;

/** Adds an ISO 8601 duration to a date; null when the text is not a positive duration. */
export function addIsoDuration(start: Date, duration: string): Date | null {
  const parsed = parseIsoDuration(duration);
  if (!parsed || parsed.negative) return null;
  const end = new Date(start.getTime());
  // Calendar parts first (months have different lengths), then exact parts.
  end.setUTCFullYear(end.getUTCFullYear() + (parsed.years ?? 0));
  end.setUTCMonth(end.getUTCMonth() + (parsed.months ?? 0));
  end.setTime(end.getTime() + Math.round(exactPartsMs(parsed)));
  return end.getTime() > start.getTime() ? end : null;
}

/** A valid order expiration period: a positive ISO 8601 duration of at most 31 days. */
export function validateExpirationPeriod(duration: string, now = new Date()): string | null {
  const end = addIsoDuration(now, duration);
  if (!end) return 'must be a positive ISO 8601 duration such as PT1H';
  if (end.getTime() - now.getTime() > MAX_DAYS * 86_400_000) return `must not exceed ${MAX_DAYS} days`;
  return null;
}
