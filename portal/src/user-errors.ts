import { graphql } from './gql/index.ts';

/** What every mutation payload answers when it refuses: spread `...UserErrors` into its `userErrors`. */
export const UserErrorsFields = graphql(`
  fragment UserErrors on UserError {
    field
    code
    message
  }
`);
