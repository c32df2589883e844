/** Dates in the user's locale and time zone; the API speaks ISO 8601 UTC (and ISO 8601 durations). */

import { parse as parseDuration } from 'tinyduration';

export function formatDateTime(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
}

export function formatShortDateTime(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}

/** "3 minutes ago", in the user's language. */
export function formatRelative(iso: string, now: Date = new Date(), locale?: string): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, 'second');
}

const DURATION_UNITS = [
  ['years', 'year'],
  ['months', 'month'],
  ['weeks', 'week'],
  ['days', 'day'],
  ['hours', 'hour'],
  ['minutes', 'minute'],
  ['seconds', 'second'],
] as const;

/** An ISO 8601 duration for people: `PT1H` is "1 hour", `P1DT12H` "1 day, 12 hours"; anything else as it is. */
export function formatDuration(iso: string | null | undefined, locale?: string): string | null {
  if (!iso) return null;
  let parts: ReturnType<typeof parseDuration>;
  try {
    parts = parseDuration(iso);
  } catch {
    return iso;
  }
  const words = DURATION_UNITS.filter(([field]) => (parts[field] ?? 0) > 0).map(([field, unit]) =>
    new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(parts[field]!),
  );
  if (words.length === 0) return iso;
  return new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(words);
}

/** A card's expiry as the API sends it (`MMYYYY`, spec 4.6) the way cards print it: `122030` is "12/2030". */
export function formatCardExpiry(mmyyyy: string | null | undefined): string | null {
  if (!mmyyyy) return null;
  const match = /^(0[1-9]|1[0-2])(\d{4})$/.exec(mmyyyy);
  return match ? `${match[1]}/${match[2]}` : mmyyyy;
}
