import { parse } from 'graphql';
import { CostAnalysis } from '../../src/platform/graphql/cost.ts';
import { buildSdlSchema } from '../helpers/sdl-schema.ts';

const analysis = new CostAnalysis(buildSdlSchema());
const costOf = (text: string) => analysis.requested(parse(text), undefined, {});

const PAGE = 'orders(first: 5) { edges { node { id transactions { id } } } }';

/**
 * A fragment spread again and again at one level is collected once (graphql-js `collectFields`): its fields
 * merge, the response holds them once, and the cost counts them once. Counting each spread made the walk
 * exponential in nested spreads, a few kilobytes costing seconds of CPU and declared 0.
 */
describe('the cost of fragments spread more than once', () => {
  it('counts a fragment spread many times at one level as one spread', () => {
    const once = costOf(`query { ...F } fragment F on Query { ${PAGE} }`);
    const often = costOf(`query { ...F ...F ...F ... on Query { ...F } } fragment F on Query { ${PAGE} }`);
    expect(once).toBeGreaterThan(0);
    expect(often).toBe(once);
  });

  it('counts a fragment again in each field it is spread in', () => {
    const inOne = costOf(
      `query { a: orders(first: 2) { edges { node { ...T } } } } fragment T on Order { transactions { id } }`,
    );
    const inTwo = costOf(
      `query { a: orders(first: 2) { edges { node { ...T } } } b: orders(first: 2) { edges { node { ...T } } } } fragment T on Order { transactions { id } }`,
    );
    expect(inTwo).toBe(2 * inOne!);
  });

  it('walks four levels of 300 spreads each as four fragments', () => {
    const spreads = (name: string) => Array.from({ length: 300 }, () => `...${name}`).join(' ');
    const document = `query { ...F0 }
      fragment F0 on Query { ${spreads('F1')} }
      fragment F1 on Query { ${spreads('F2')} }
      fragment F2 on Query { ${spreads('F3')} }
      fragment F3 on Query { ${PAGE} }`;
    expect(costOf(document)).toBe(costOf(`query { ${PAGE} }`));
  });
});
