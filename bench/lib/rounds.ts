import type { Measurement } from './load.ts';
import { medianOfEach } from './stats.ts';
import { formatMs, formatNumber, formatRate, formatRatio } from './table.ts';

/** Measurements of one table row over the rounds, and the row's medians. */
export interface RowSummary {
  perSecond: number;
  p50: number;
  p99: number;
  cpuMsPerUnit: number;
  dbMsPerUnit: number;
  failures: number;
  rounds: number;
}

export function summarise(measurements: readonly Measurement[]): RowSummary {
  return {
    ...medianOfEach(measurements, ['perSecond', 'p50', 'p99', 'cpuMsPerUnit', 'dbMsPerUnit']),
    failures: measurements.reduce((sum, m) => sum + m.failures, 0),
    rounds: measurements.length,
  };
}

export const RATE_COLUMNS = [
  { header: 'case' },
  { header: 'rate' },
  { header: 'unit', align: 'left' as const },
  { header: 'p50 ms' },
  { header: 'p99 ms' },
  { header: 'CPU ms/unit' },
  { header: 'DB ms/unit' },
  { header: 'reference' },
  { header: 'ratio' },
  { header: 'failed' },
];

/** A table row; reference rows leave the last columns empty. */
export function rateRow(
  name: string,
  unit: string,
  row: RowSummary,
  reference?: { perSecond: number; ratio: number },
): string[] {
  return [
    name,
    formatRate(row.perSecond),
    unit,
    formatMs(row.p50),
    formatMs(row.p99),
    formatNumber(row.cpuMsPerUnit, 2),
    formatNumber(row.dbMsPerUnit, 2),
    reference ? formatRate(reference.perSecond) : '',
    reference ? formatRatio(reference.ratio) : '',
    row.failures > 0 ? formatNumber(row.failures) : '',
  ];
}
