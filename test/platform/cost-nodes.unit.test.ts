import { parse } from 'graphql';
import { CostAnalysis } from '../../src/platform/graphql/cost.ts';
import { costDependsOnVariables } from '../../src/platform/graphql/limits.ts';
import { buildSdlSchema } from '../helpers/sdl-schema.ts';

const analysis = new CostAnalysis(buildSdlSchema());
const ids = (count: number) =>
  Array.from({ length: count }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

/** Each node costs 1, and an order's transactions 2 more (`@listSize(assumedSize: 2)`). */
const NODES = 'query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Order { transactions { id } } } }';
const PER_NODE = 1 + 2;

/**
 * `nodes(ids:)` answers one object per id: its cost is the ids' number times what each costs, not the ten items
 * any list without a size counts. Federation's `@listSize` slices by Int arguments only (composition refuses a
 * list), so the SDL declares the cap (`assumedSize: 100`, what a router in front counts) and the analysis counts
 * the ids actually given.
 */
describe('the cost of nodes(ids:)', () => {
  it('counts every id given through a variable', () => {
    const costOf = (count: number) => analysis.requested(parse(NODES), undefined, { ids: ids(count) });
    expect(costOf(1)).toBe(PER_NODE);
    expect(costOf(37)).toBe(37 * PER_NODE);
    expect(costOf(100)).toBe(100 * PER_NODE);
    expect(costOf(0)).toBe(0);
  });

  it('counts every id written in the document', () => {
    const literal = `{ nodes(ids: ${JSON.stringify(ids(40))}) { id ... on Order { transactions { id } } } }`;
    expect(analysis.requested(parse(literal), undefined, {})).toBe(40 * PER_NODE);
  });

  it('counts at most the 100 ids a call may ask for (more are refused when it runs)', () => {
    expect(analysis.requested(parse(NODES), undefined, { ids: ids(5000) })).toBe(100 * PER_NODE);
  });

  it('counts in a response the nodes it holds', () => {
    const data = { nodes: [{ id: 'a', transactions: [{ id: 't' }] }, null, { id: 'b' }] };
    expect(analysis.actual(parse(NODES), undefined, { ids: ids(3) }, data)).toBe(3 + 1);
  });

  it('makes a document whose ids come in a variable one whose cost the variables decide (not remembered)', () => {
    expect(costDependsOnVariables(parse(NODES), analysis.slicingArguments)).toBe(true);
  });
});
