import { formatDateTime } from '../dates.ts';
import { humanize } from './badges.tsx';
import { ScrollRegion } from './scroll-region.tsx';

interface Attempt {
  number: number;
  started: string;
  url?: string | null;
  httpStatus?: number | null;
  errorKind?: string | null;
  durationMs: number;
  signed: boolean;
}

/** What an attempt came to, in words: `HTTP 200`, `Http status 500`, `Connection refused`. */
export const attemptOutcome = (a: { httpStatus?: number | null; errorKind?: string | null }) =>
  a.errorKind ? `${humanize(a.errorKind)}${a.httpStatus ? ` ${a.httpStatus}` : ''}` : `HTTP ${a.httpStatus}`;

/** Every attempt of a webhook delivery: when, where, what the receiver answered, how long it took. */
export function AttemptsTable({ attempts }: { attempts: Attempt[] }) {
  if (attempts.length === 0) return <p className="hint">No attempt yet.</p>;
  return (
    <ScrollRegion label="Attempts">
      <table className="table table-compact">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Started</th>
            <th scope="col">URL</th>
            <th scope="col">Result</th>
            <th scope="col" className="numeric">
              Time
            </th>
          </tr>
        </thead>
        <tbody>
          {attempts.map((a) => (
            <tr key={a.number}>
              <td>{a.number}</td>
              <td>{formatDateTime(a.started)}</td>
              <td className="mono break">{a.url ?? '—'}</td>
              <td>
                {attemptOutcome(a)}
                {a.signed ? ' · signed' : ''}
              </td>
              <td className="numeric">{a.durationMs} ms</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
