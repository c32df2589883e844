import { parse } from 'tinyduration';

/**
 * An exact ISO 8601 duration (weeks, days, hours, minutes, seconds: no years or months, whose length depends
 * on the calendar) in milliseconds; null when the text is not one, or not positive (zero only with `allowZero`).
 */
export function exactDurationMs(text: string, options: { allowZero?: boolean } = {}): number | null {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(text);
  } catch {
    return null;
  }
  if (parsed.negative || parsed.years || parsed.months) return null;
  const ms = exactPartsMs(parsed);
  return ms > 0 || (options.allowZero && ms === 0) ? Math.round(ms) : null;
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
