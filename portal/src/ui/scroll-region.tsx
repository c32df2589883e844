import type { ReactNode } from 'react';

/**
 * A wide table's horizontal scroller (on a phone): focusable, so keyboard users can scroll it too (axe's
 * scrollable-region-focusable), and named, so screen readers announce what it holds.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
