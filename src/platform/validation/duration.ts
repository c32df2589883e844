import { parse } from 'tinyduration';

/**
 * An exact ISO 8601 duration (weeks, days, hours, minutes, seconds: no years or months, whose length depends
 * on the calendar) in milliseconds; null when the text is not one, or not positive (zero only with `allowZero`).
 */
export function exactDurationMs(text: string, options: { allowZero?: boolean } = {}): number | null {
  const parsed = parseIsoDuration(text);
  if (!parsed) return null;
  if (parsed.negative || parsed.years || parsed.months) return null;
  const ms = exactPartsMs(parsed);
  return ms > 0 || (options.allowZero && ms === 0) ? Math.round(ms) : null;
}

/**
 * One ISO 8601 duration, whole text: `P`, then years, months, weeks, days, and after `T` hours, minutes and
 * seconds, each an unsigned number (a decimal fraction allowed), at least one of them. tinyduration alone is not
 * anchored and takes a sign on each part: `PT1H junk`, `PT1HT1H` and `P1DT-1H` (23 hours) got through.
 */
const ISO_DURATION =
  /^P(?=\d|T\d)(?:\d+(?:[.,]\d+)?Y)?(?:\d+(?:[.,]\d+)?M)?(?:\d+(?:[.,]\d+)?W)?(?:\d+(?:[.,]\d+)?D)?(?:T(?=\d)(?:\d+(?:[.,]\d+)?H)?(?:\d+(?:[.,]\d+)?M)?(?:\d+(?:[.,]\d+)?S)?)?$/;

/** The parts of an ISO 8601 duration written exactly so (ISO_DURATION), or null. */
export function parseIsoDuration(text: string): ReturnType<typeof parse> | null {
  if (!ISO_DURATION.test(text)) return null;
  try {
    return parse(text);
  } catch {
    return null;
  }
}

/** The length of a duration's exact parts (weeks to seconds; years and months are left to the caller). */
export function exactPartsMs(parsed: ReturnType<typeof parse>): number {
  return (
    (parsed.weeks ?? 0) * 7 * 86_400_000 +
    (parsed.days ?? 0) * 86_400_000 +
    (parsed.hours ?? 0) * 3_600_000 +
    (parsed.minutes ?? 0) * 60_000 +
    (parsed.seconds ?? 0) * 1000
  );
}
