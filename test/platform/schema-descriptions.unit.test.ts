import { buildSchema } from 'graphql';
import { buildSdlSchema, undescribedCoordinates } from '../helpers/sdl-schema.ts';

describe('the SDL under schema/, as a merchant developer reads it in the explorer', () => {
  it('describes every type, field, argument, input field and enum value', () => {
    // A failure lists each coordinate to describe: what it is, its unit (amounts are minor units), its format,
    // when it is null, and the spec section where there is one.
    expect(undescribedCoordinates(buildSdlSchema())).toEqual([]);
  });

  it('notices a missing description (the check itself can fail)', () => {
    const schema = buildSchema(`
      "Described." type Query { "Described." a(x: Int): E, b: Int }
      "Described." enum E { "Described." ONE TWO }
      input I { "Described." c: Int }
    `);
    expect(undescribedCoordinates(schema)).toEqual(['Query.a(x:)', 'Query.b', 'E.TWO', 'I']);
  });
});
