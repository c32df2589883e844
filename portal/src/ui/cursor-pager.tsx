import { useState } from 'react';

/**
 * Forward cursors, and a stack of the ones before: going back pops, so a connection that pages forward only can
 * still be paged both ways.
 */
export function useCursorStack() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return {
    after: cursors[cursors.length - 1] ?? null,
    first: cursors.length === 1,
    back: () => setCursors((current) => current.slice(0, -1)),
    forward: (cursor: string | null | undefined) => setCursors((current) => [...current, cursor ?? null]),
    reset: () => setCursors([null]),
  };
}

export function CursorPager({
  stack,
  hasNext,
  endCursor,
  labels = ['Previous', 'Next'],
  summary,
}: {
  stack: ReturnType<typeof useCursorStack>;
  hasNext: boolean;
  endCursor: string | null | undefined;
  labels?: [string, string];
  summary?: string;
}) {
  return (
    <div className="pager">
      <span className="hint">{summary}</span>
      <div className="pager-buttons">
        <button type="button" className="button" disabled={stack.first} onClick={stack.back}>
          {labels[0]}
        </button>
        <button type="button" className="button" disabled={!hasNext} onClick={() => stack.forward(endCursor)}>
          {labels[1]}
        </button>
      </div>
    </div>
  );
}
