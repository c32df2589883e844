import { nestsDeeperThan } from '../../src/platform/graphql/limits.ts';

/** The nesting check reads the document as graphql-js's lexer does, without recursion. */
describe('how deep a GraphQL document nests', () => {
  it.each([
    ['braces, brackets and parentheses alike', '{ a(b: [{ c: 1 }]) }', 4, false],
    ['one level more than allowed', '{ a(b: [{ c: 1 }]) }', 3, true],
    ['brackets inside a string do not count', '{ a(b: "{{{{[[[[((((") }', 2, false],
    ['nor inside a block string', '{ a(b: """ {{{{ \\""" [[[[ """) }', 2, false],
    ['nor inside a comment', '{ a # {{{{[[[[\n }', 1, false],
    ['an unclosed document is measured as far as it goes', `{ a(b: ${'['.repeat(50)}`, 10, true],
    ['a syntax error is left to the parser', '{ a(b: "unterminated', 5, false],
  ])('%s', (_name, query, limit, deeper) => {
    expect(nestsDeeperThan(query, limit, 3000)).toBe(deeper);
  });

  it('reads a million levels without overflowing, and stops at the token limit', () => {
    expect(nestsDeeperThan('['.repeat(1_000_000), 128, 10_000_000)).toBe(true);
    // Past the token limit it says no: the parser's token limit refuses that document.
    expect(nestsDeeperThan(`${'{ a '.repeat(10)}${'['.repeat(200)}`, 128, 100)).toBe(false);
  });
});
