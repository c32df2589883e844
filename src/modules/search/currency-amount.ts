/**
 * Amounts in minor units rendered in the main currency unit (`transaction.amount_with_decimals` of the CSV
 * report). The currency facts live with the orders module (orders/money.ts); the report uses them from there.
 */
export { currencyExponent, formatAmountWithDecimals } from '../orders/index.ts';
