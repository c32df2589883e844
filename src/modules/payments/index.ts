/**
 * The payments module's front door: what other modules may use of it. `npm run boundaries` refuses any other
 * import across modules; the module's own files never import it.
 */

export type {
  Acquirer,
  AcquirerNotification,
  AcquirerReason,
  AuthorizationKind,
  AuthorizationRequest,
} from './acquirer/acquirer.ts';
export type { AcquirerDirectory } from './acquirer/acquirer-directory.ts';
export type { OperationResult } from './acquirer/index.ts';
export { RESPONSE_CODES } from './acquirer/response-codes.ts';
export { THREE_D_SECURE_TEST_CHALLENGE_CODE } from './acquirer/three-d-secure.ts';
export { authorizationSetting } from './authorization-setting.ts';
export { authorizationKindOf, authorizeCard } from './authorize-card.ts';
export { capturableAmount, refusePreAuthorizationFollowUp } from './capture-rules.ts';
export { CardAuthorization } from './card-authorization.entity.ts';
export { checkOneClickDetails } from './card-payment-method.ts';
export { cancelPayment } from './commands/cancel-payment.ts';
export { completeChallenge } from './commands/complete-challenge.ts';
export { loadPaymentPage, type PaymentPageState } from './commands/load-payment-page.ts';
export { payOnPage } from './commands/pay-on-page.ts';
export { CREDIT_CARD } from './credit-card.ts';
export type { PaymentDeps } from './deps.ts';
export { paymentErrorEntries, paymentErrors, vaultTokenNotFound } from './errors.ts';
export { PaymentRepository } from './payment.repository.ts';
