import { isMet, type Target } from './stats.ts';

/** Plain-text tables and target lines, the same style for every bench script. */

export interface Column {
  header: string;
  align?: 'left' | 'right';
}

/** Pads every cell to its column's widest; numbers align right by default, the first column left. */
export function formatTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((column, index) =>
    Math.max(column.header.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    columns
      .map((column, index) => {
        const cell = cells[index] ?? '';
        const left = (column.align ?? (index === 0 ? 'left' : 'right')) === 'left';
        return left ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(columns.map((column) => column.header)), rule, ...rows.map(line)].join('\n');
}

/** A figure for a table cell: thousands separators, fixed decimals, "–" for a missing value. */
export function formatNumber(value: number | null | undefined, decimals = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  if (value === Number.POSITIVE_INFINITY) return '∞';
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** Enough significant digits for a rate: 32,100 / 640 / 84.2 / 4.01. */
export function formatRate(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  return formatNumber(value, Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);
}

/** A ratio: two decimals from 1 up, two significant digits below (`extra` digits more on request). */
export function formatRatio(value: number, extra = 0): string {
  if (Number.isNaN(value)) return '–';
  return value >= 1 ? value.toFixed(2 + extra) : value.toPrecision(2 + extra);
}

/** Latency in milliseconds; Infinity means "did not arrive before the timeout". */
export function formatMs(value: number | null | undefined): string {
  if (value === Number.POSITIVE_INFINITY) return '> timeout';
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  return formatNumber(value, value >= 100 ? 0 : 1);
}

/** One line per target: `met` or `NOT MET`, the threshold and the figures behind the value. */
export function formatTargetLine(target: Target): string {
  const sign = target.kind === 'at least' ? '≥' : '≤';
  const unit = target.unit ?? '';
  const threshold = formatNumber(target.threshold, target.threshold < 1 ? 2 : 0);
  const value = Number.isNaN(target.value)
    ? 'no figure'
    : target.value === Number.POSITIVE_INFINITY
      ? '> timeout'
      : `${figureBeside(target, threshold)}${unit}`;
  const verdict = isMet(target) ? 'met    ' : 'NOT MET';
  const because = target.unmetBecause ? ` — ${target.unmetBecause}` : '';
  return `${verdict}  ${target.name}: ${value} (target ${sign} ${threshold}${unit}) — ${target.detail}${because}`;
}

/**
 * A target's figure as its table shows it, with more digits where that would print a missed figure as its
 * threshold (0.1167 against ≥ 0.12 reads "0.117", not "0.12").
 */
function figureBeside(target: Target, threshold: string): string {
  const shown = (extra: number) =>
    target.unit
      ? formatNumber(target.value, (target.value >= 100 ? 0 : 2) + extra)
      : formatRatio(target.value, extra);
  if (isMet(target)) return shown(0);
  const plain = (text: string) => Number(text.replaceAll(',', ''));
  let extra = 0;
  while (extra < 4 && plain(shown(extra)) === plain(threshold)) extra += 1;
  return shown(extra);
}

export function formatTargets(title: string, targets: readonly Target[]): string {
  const met = targets.filter(isMet).length;
  return [`${title}: ${met} of ${targets.length} met`, ...targets.map(formatTargetLine)].join('\n');
}
