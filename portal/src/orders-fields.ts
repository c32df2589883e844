import { graphql } from './gql/index.ts';

/** The fields of an order's row in the orders table, shared by the query and the live subscription. */
export const OrderRowFields = graphql(`
  fragment OrderRow on Order {
    id
    created
    merchantOrderId
    amount
    currency
    status
    refundedAmount
    transactions {
      id
      status
      paymentMethod
      paymentMethodBrand
      paymentMethodDetails {
        truncatedPan
      }
    }
  }
`);
