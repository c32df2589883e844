import {
  BACK_OFFICE_ERRORS,
  backOfficeErrorEntry,
  refundRefused,
} from '../../src/modules/back-office/errors.ts';
import { simulateChargebackContract } from '../../src/modules/back-office/rest/dispute-contracts.ts';
import { createRefundContract } from '../../src/modules/back-office/rest/refund-contracts.ts';

/**
 * The back office's error codes are one table: its refusals and its REST contracts' error lists are built from
 * it, so a code is written once and a typo does not compile.
 */
describe('the back-office error codes', () => {
  it('make a refusal a 422 with its code and field', () => {
    const error = refundRefused('order_not_paid', 'The order has no paid transaction to refund', 'amount');
    expect({ kind: error.kind, code: error.code, field: error.field }).toEqual({
      kind: 'unprocessable',
      code: 'order_not_paid',
      field: 'amount',
    });
  });

  it("give a contract's entry its status from the table", () => {
    expect(backOfficeErrorEntry('order_voided', 'The order was voided')).toEqual({
      status: 422,
      type: 'order_voided',
      when: 'The order was voided',
    });
  });

  it('are the only 422 codes the refund and chargeback contracts list', () => {
    const listed = [...createRefundContract.errors!, ...simulateChargebackContract.errors!]
      .filter((entry) => entry.status === 422 && entry.type !== 'acquirer_not_configured')
      .map((entry) => entry.type);
    expect(listed.filter((code) => !(code in BACK_OFFICE_ERRORS))).toEqual([]);
    expect(listed).toContain('order_not_paid');
  });
});
