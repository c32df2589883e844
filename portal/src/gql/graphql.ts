/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** How an audited action ended. */
export type AuditOutcome =
  /** Failed on our side. */
  | 'FAILED'
  /** Refused (bad input, not found, forbidden, a failed sign-in): nothing was written. */
  | 'REFUSED'
  /** Done. */
  | 'SUCCEEDED';

/** Captures a pre-authorization (REST `.../captures/`). */
export type CaptureTransactionInput = {
  /**
   * Minor units, at most what is still capturable (the authorized amount less earlier captures); defaults to all
   * of it. A pre-authorization may be captured several times.
   */
  amount?: number | null | undefined;
  /** The last capture: what it leaves of the authorization is released. Capturing everything left is final too. */
  final?: boolean | null | undefined;
  /** The order of the pre-authorization (uuid). */
  orderId: string;
  /** The approved `MANUAL` capture-mode transaction (uuid). */
  transactionId: string;
};

/** A new password for the signed-in user. */
export type ChangePasswordInput = {
  /** The password now: a session left open is not enough to change it. */
  currentPassword: string;
  /** The new password: 12 to 256 characters, hard to guess (not common, not the e-mail address, not the product's name). */
  newPassword: string;
};

/** A new merchant user. */
export type CreateUserInput = {
  /**
   * The address the user signs in with: at most 64 characters before the `@` and 254 in all (RFC 5321); one
   * account per address in a project.
   */
  email: string;
  /** The user's role in the calling project. */
  role: Role;
};

/** Direction of a back-office transaction, seen from the merchant. */
export type CreditDebit =
  /** A void transaction: the authorized amount is released to the customer. */
  | 'CREDIT'
  /** A refund transaction: money goes back to the customer. */
  | 'DEBIT';

/** The kind of an event of the events feed (REST: the dotted `type`, e.g. `order.status_changed`). */
export type EventType =
  /** `order.captured`: the order's pre-authorization was captured (`relatedOrderId` is the capture order). */
  | 'ORDER_CAPTURED'
  /**
   * `order.chargeback_reversed`: on a chargeback order, the merchant won the dispute (`relatedOrderId` is the
   * reversal order).
   */
  | 'ORDER_CHARGEBACK_REVERSED'
  /** `order.charged_back`: the cardholder disputed part of the order (`relatedOrderId` is the chargeback order). */
  | 'ORDER_CHARGED_BACK'
  /**
   * `order.created`: a new order (`orderStatus` its first status, `amount`, `currency`): a payment, or a refund,
   * capture, void, chargeback or reversal order; one without transactions included.
   */
  | 'ORDER_CREATED'
  /** `order.refunded`: a refund of the order was accepted (`relatedOrderId` is the refund order). */
  | 'ORDER_REFUNDED'
  /** `order.status_changed`: the order's status changed (`orderStatus`, `fromOrderStatus`). */
  | 'ORDER_STATUS_CHANGED'
  /** `order.voided`: the order's pre-authorization was voided (`relatedOrderId` is the void order). */
  | 'ORDER_VOIDED'
  /** `transaction.status_changed`: a transaction's status changed, its creation (`fromTransactionStatus` null) included. */
  | 'TRANSACTION_STATUS_CHANGED'
  /** `webhook.gave_up`: every allowed attempt of a webhook notification of the order failed; delivery stopped. */
  | 'WEBHOOK_GAVE_UP';

/** One-click payments with a stored card (spec 4.16). */
export type OneClickType =
  /** The first payment: the customer enters the card at `paymentUrl` and it is stored; amount 0 only verifies it. */
  | 'FIRST'
  /** A later payment with the stored card (`vaultToken` or `firstTransactionId`, plus `cvc`), charged at creation. */
  | 'ONE_CLICK';

/**
 * Something a merchant can do to an order or a transaction right now. The list is
 * decided by the same rules the operations themselves follow, so an action listed succeeds when asked for now
 * (barring a race with another change) and one not listed is refused: draw buttons from it rather than from
 * statuses and amounts.
 */
export type OrderAction =
  /**
   * `updateOrder(cancel: true)` (REST `PUT /v1/orders/{id}/` with `status: "cancelled"`) cancels the order: a payment
   * order that is not final and has no accepted payment.
   */
  | 'CANCEL'
  /** `captureTransaction` takes what is still authorized (on the order: of one of its transactions). */
  | 'CAPTURE'
  /** Test projects only: the simulator's chargeback (`POST /v1/test/orders/{id}/chargebacks/`) is accepted. */
  | 'CHARGEBACK'
  /** `refundOrder` gives back at least 1 minor unit (on a transaction: naming it as `transactionId`). */
  | 'REFUND'
  /** `voidTransaction` releases what is still authorized (on the order: of one of its transactions). */
  | 'VOID';

/** How orders are sorted; ties are always broken by order id in the same direction. */
export type OrderSort = {
  /** The direction; `ASC` when left out. */
  direction?: OrderSortDirection;
  /** The field to sort by. */
  field: OrderSortField;
};

/** Sort direction. */
export type OrderSortDirection =
  /** Smallest or oldest first. */
  | 'ASC'
  /** Largest or newest first. */
  | 'DESC';

/** Fields orders can be sorted by. */
export type OrderSortField =
  /** Amount in minor units (across currencies, as numbers). */
  | 'AMOUNT'
  /** Completion time; orders that never completed come last in both directions. */
  | 'COMPLETED'
  /** Creation time. */
  | 'CREATED'
  /** Time of the last change. */
  | 'MODIFIED';

/**
 * An order's status (spec 3.1). `COMPLETED`, `CANCELLED`, `EXPIRED` and `ERROR` are final. For the hosted
 * payment page check this status; for an own checkout check the transaction's status.
 */
export type OrderStatus =
  /** The customer cancelled. Final: no payment; the customer may try again with a new order. */
  | 'CANCELLED'
  /** Paid (for a pre-authorization: authorized). Final: confirm and deliver. */
  | 'COMPLETED'
  /** The payment failed (declined or a processor error). Final: no payment. */
  | 'ERROR'
  /** No payment within the order's `expirationPeriod`. Final: no payment. */
  | 'EXPIRED'
  /** Created; no payment started yet. Not final. */
  | 'NEW'
  /**
   * A payment is under way; wait for the next webhook. Not final. In an own checkout the order can stay here for
   * up to 60 minutes while its transaction is already final.
   */
  | 'PROCESSING'
  /** The transactions have different statuses: take no automatic action and check each transaction. */
  | 'SEE_TRANSACTIONS';

/** A payment method (spec 1): the REST value in upper snake case. */
export type PaymentMethod =
  /** Card payment (REST `credit-card`). */
  | 'CREDIT_CARD'
  /** Refund to a card (REST `credit-card-refund`); only on the transaction of a refund order. */
  | 'CREDIT_CARD_REFUND'
  /** iDEAL, a bank redirect (REST `ideal`): the customer pays on the bank's page at `paymentUrl`; EUR only. */
  | 'IDEAL'
  /** Refund of an iDEAL payment to the account that paid (REST `ideal-refund`); only on a refund order's transaction. */
  | 'IDEAL_REFUND'
  /** Wallet A (REST `wallet-a-pay`). */
  | 'WALLET_A_PAY'
  /** Wallet B (REST `wallet-b-pay`). */
  | 'WALLET_B_PAY';

/** The kind of credential behind a request. */
export type PrincipalKind =
  /** A project API key (HTTP Basic auth, or `apiKey` in the graphql-ws `connection_init` payload). */
  | 'API_KEY'
  /** A merchant user signed in to the portal (the session cookie). */
  | 'USER';

/** Whether a project moves real money. */
export type ProjectMode =
  /** Live project: real payments; webhook URLs must be https and public. */
  | 'LIVE'
  /** Test project: payments go to the deterministic simulator (test cards), orders are flagged `is-test`. */
  | 'TEST';

/** What a merchant user or an API key may do in a project. API keys act with their own role, except on fields that need a signed-in user. */
export type Role =
  /** Everything, including managing the project's users. */
  | 'ADMIN'
  /** Everything a viewer may, plus every write (orders, refunds, captures, voids, settings, webhooks, API keys). */
  | 'DEVELOPER'
  /** Reads everything of the project; writes nothing. */
  | 'VIEWER';

/**
 * A transaction's status (spec 3.2). `CAPTURED`, `COMPLETED`, `DECLINED`, `CANCELLED`, `EXPIRED` and `ERROR` are
 * final; `ACCEPTED` is final except that a manual-capture authorization can still become `CAPTURED`.
 */
export type TransactionStatus =
  /**
   * Approved. A refund transaction ends here (its refund order `COMPLETED`); a manual-capture authorization stays
   * here, with `isCapturable: true`, until it is captured, voided or released.
   */
  | 'ACCEPTED'
  /** The customer cancelled. Final. */
  | 'CANCELLED'
  /** A manual-capture authorization that was captured (see the capture order). Final. */
  | 'CAPTURED'
  /** Done: a capture or a void transaction ends here. Final. */
  | 'COMPLETED'
  /** The issuer or 3-D Secure refused the payment; `reason` says why. Final. */
  | 'DECLINED'
  /** The acquirer or processor failed (e.g. `processor_error`). Final. */
  | 'ERROR'
  /** Not paid within the order's `expirationPeriod`. Final. */
  | 'EXPIRED'
  /** Created, waiting for card or wallet details. */
  | 'NEW'
  /** Waiting for the customer, e.g. a 3-D Secure challenge at the transaction's `paymentUrl`. */
  | 'PENDING'
  /** Sent to the acquirer; the outcome is not known yet. */
  | 'PROCESSING';

/** Voids a pre-authorization (spec 4.5, REST `.../voids/`). */
export type VoidTransactionInput = {
  /** The order of the pre-authorization (uuid). */
  orderId: string;
  /** The approved, uncaptured `MANUAL` capture-mode transaction (uuid). */
  transactionId: string;
};

/** Which deliveries to list or redeliver; every field narrows the selection. */
export type WebhookDeliveryFilter = {
  /** Only this order's deliveries (uuid). */
  orderId?: string | null | undefined;
  /** Only deliveries created at or after this time. */
  since?: string | null | undefined;
  /** Only deliveries in this status. */
  state?: WebhookDeliveryStatus | null | undefined;
};

/** Why a webhook delivery was made. */
export type WebhookDeliveryReason =
  /** The merchant asked for the latest notification again (`redeliverWebhook`). */
  | 'REDELIVERY'
  /** The order's status changed. */
  | 'STATUS_CHANGED';

/** Where a webhook delivery stands. */
export type WebhookDeliveryState =
  /** The receiver answered HTTP 200. */
  | 'DELIVERED'
  /** Every allowed attempt failed; delivery stopped. */
  | 'FAILED'
  /** Not delivered yet; another attempt is scheduled. */
  | 'PENDING';

/** Where a webhook delivery stands in the project-wide delivery log. */
export type WebhookDeliveryStatus =
  /** At least one attempt failed and another is scheduled (`nextAttempt`). */
  | 'FAILING'
  /** Every allowed attempt failed; delivery stopped and a `webhook.gave_up` event was recorded. */
  | 'GAVE_UP'
  /** No attempt has finished yet: the first attempt is due or under way. */
  | 'PENDING'
  /** The receiver answered HTTP 200. */
  | 'SUCCEEDED';

/** Why a webhook attempt failed. */
export type WebhookErrorKind =
  /** The URL was refused by the outbound safety rules (live projects: https only, no private addresses). */
  | 'BLOCKED_TARGET'
  /** The receiver refused the connection. */
  | 'CONNECTION_REFUSED'
  /** No connection within the timeout (4 s on the first attempt, 10 s on retries by default). */
  | 'CONNECT_TIMEOUT'
  /** The host name did not resolve. */
  | 'DNS_FAILURE'
  /** The receiver answered with a status other than 200 (see `httpStatus`); redirects are not followed. */
  | 'HTTP_STATUS'
  /**
   * The worker making the attempt stopped (killed, or cut off from the database) before it recorded the outcome:
   * the receiver may or may not have got it. The delivery is attempted again once the attempt's lease runs out.
   */
  | 'INTERRUPTED'
  /** Another network failure, e.g. the connection was reset. */
  | 'NETWORK_ERROR'
  /** Neither the order nor the project had a webhook URL any more. */
  | 'NO_TARGET'
  /** No complete reply within the timeout (4 s on the first attempt, 10 s on retries by default). */
  | 'READ_TIMEOUT'
  /** The TLS handshake failed, e.g. an invalid or expired certificate. */
  | 'TLS_ERROR';

export type OrderRowFragment = { id: string, created: string, merchantOrderId: string | null, amount: number, currency: string, status: OrderStatus, refundedAmount: number, transactions: Array<{ id: string, status: TransactionStatus, paymentMethod: PaymentMethod, paymentMethodBrand: string | null, paymentMethodDetails: { truncatedPan: string | null } }> };

export type PortalAuditLogQueryVariables = Exact<{
  after?: string | null | undefined;
}>;


export type PortalAuditLogQuery = { auditLog: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { id: string, occurred: string, action: string, outcome: AuditOutcome, clientAddress: string | null, principal: { kind: PrincipalKind | null, label: string | null }, target: { type: string, id: string } | null } }> } };

export type PortalApiKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type PortalApiKeysQuery = { apiKeys: Array<{ id: string, label: string | null, prefix: string, created: string, lastUsed: string | null, expires: string | null, revoked: string | null, active: boolean, role: Role, createdBy: { id: string, email: string } | null, owner: { id: string, email: string } | null }> };

export type PortalCreateApiKeyMutationVariables = Exact<{
  label: string;
  role?: Role | null | undefined;
}>;


export type PortalCreateApiKeyMutation = { createApiKey: { secret: string | null, apiKey: { id: string, prefix: string } | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalRollApiKeyMutationVariables = Exact<{
  id: string;
  overlap?: string | null | undefined;
}>;


export type PortalRollApiKeyMutation = { rollApiKey: { secret: string | null, apiKey: { id: string, prefix: string } | null, previousKey: { id: string, expires: string | null } | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalRevokeApiKeyMutationVariables = Exact<{
  id: string;
}>;


export type PortalRevokeApiKeyMutation = { revokeApiKey: { apiKey: { id: string, revoked: string | null } | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalTakeOverApiKeyMutationVariables = Exact<{
  id: string;
}>;


export type PortalTakeOverApiKeyMutation = { takeOverApiKey: { apiKey: { id: string, owner: { id: string, email: string } | null } | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type WindowTotalsFragment = { buckets: Array<{ orderCount: number, completedCount: number, finalCount: number, amounts: Array<{ currency: string, amount: number }> }> };

export type HomeStatsQueryVariables = Exact<{
  today: string;
  week: string;
  month: string;
  until: string;
  timeZone: string;
}>;


export type HomeStatsQuery = { today: { buckets: Array<{ orderCount: number, completedCount: number, finalCount: number, amounts: Array<{ currency: string, amount: number }> }> }, week: { buckets: Array<{ orderCount: number, completedCount: number, finalCount: number, amounts: Array<{ currency: string, amount: number }> }> }, month: { buckets: Array<{ orderCount: number, completedCount: number, finalCount: number, amounts: Array<{ currency: string, amount: number }> }> }, perDay: { buckets: Array<{ periodStart: string | null, status: OrderStatus | null, orderCount: number }> } };

export type FeedEventFragment = { id: string, cursor: string, type: EventType, occurred: string, orderId: string, snapshot: { orderStatus: OrderStatus | null, transactionStatus: TransactionStatus | null, paymentMethod: PaymentMethod | null, amount: number | null, currency: string | null, refundedAmount: number | null, attemptCount: number | null, httpStatus: number | null, errorKind: WebhookErrorKind | null } };

export type HomeLatestEventsQueryVariables = Exact<{ [key: string]: never; }>;


export type HomeLatestEventsQuery = { events: { edges: Array<{ node: { id: string, cursor: string, type: EventType, occurred: string, orderId: string, snapshot: { orderStatus: OrderStatus | null, transactionStatus: TransactionStatus | null, paymentMethod: PaymentMethod | null, amount: number | null, currency: string | null, refundedAmount: number | null, attemptCount: number | null, httpStatus: number | null, errorKind: WebhookErrorKind | null } } }>, pageInfo: { endCursor: string | null } } };

export type HomeNewEventsSubscriptionVariables = Exact<{
  afterEvent?: string | null | undefined;
}>;


export type HomeNewEventsSubscription = { events: { id: string, cursor: string, type: EventType, occurred: string, orderId: string, snapshot: { orderStatus: OrderStatus | null, transactionStatus: TransactionStatus | null, paymentMethod: PaymentMethod | null, amount: number | null, currency: string | null, refundedAmount: number | null, attemptCount: number | null, httpStatus: number | null, errorKind: WebhookErrorKind | null } } };

export type HomeFeedOrdersQueryVariables = Exact<{
  ids: Array<string> | string;
}>;


export type HomeFeedOrdersQuery = { nodes: Array<
    | { id: string, merchantOrderId: string | null }
    | Record<PropertyKey, never>
   | null> };

export type PortalRefundOrderMutationVariables = Exact<{
  orderId: string;
  amount: number;
  transactionId?: string | null | undefined;
}>;


export type PortalRefundOrderMutation = { refundOrder: { refund: { id: string, amount: number, currency: string, status: OrderStatus } | null, order: { id: string, refundedAmount: number } | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalCaptureTransactionMutationVariables = Exact<{
  input: CaptureTransactionInput;
}>;


export type PortalCaptureTransactionMutation = { captureTransaction: { captureOrder: { id: string, amount: number, currency: string, status: OrderStatus } | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalVoidTransactionMutationVariables = Exact<{
  input: VoidTransactionInput;
}>;


export type PortalVoidTransactionMutation = { voidTransaction: { voidOrder: { id: string, status: OrderStatus } | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalRedeliverWebhookMutationVariables = Exact<{
  orderId: string;
}>;


export type PortalRedeliverWebhookMutation = { redeliverWebhook: { delivery: { id: string, state: WebhookDeliveryState } | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type OrderDetailQueryVariables = Exact<{
  id: string;
}>;


export type OrderDetailQuery = { order: { id: string, projectId: string, merchantId: string, merchantOrderId: string | null, description: string | null, currency: string, amount: number, status: OrderStatus, flags: Array<string>, created: string, modified: string, completed: string | null, expirationPeriod: string, paymentMethods: Array<PaymentMethod> | null, orderUrl: string | null, returnUrl: string | null, failureUrl: string | null, webhookUrl: string | null, refundedAmount: number, availableActions: Array<OrderAction>, authorizedAmount: number, capturedAmount: number, refundableAmount: number, pendingRefundAmount: number, voidedAmount: number, chargedBackAmount: number, relatedOrderId: string | null, relatedOrderIds: Array<string>, client: Record<string, unknown> | null, extra: Record<string, unknown> | null, customer: { merchantCustomerId: string | null, emailAddress: string | null, firstName: string | null, lastName: string | null, addressType: string | null, address: string | null, postalCode: string | null, city: string | null, country: string | null, locale: string | null, phoneNumbers: Array<string> | null, ipAddress: string | null } | null, transactions: Array<{ id: string, amount: number, currency: string, status: TransactionStatus, paymentMethod: PaymentMethod, paymentMethodBrand: string | null, creditDebit: CreditDebit | null, isCapturable: boolean, availableActions: Array<OrderAction>, refundableAmount: number, capturableAmount: number, reason: string | null, created: string, refundOfTransactionId: string | null, captureOfTransactionId: string | null, voidOfTransactionId: string | null, paymentMethodDetails: { truncatedPan: string | null, cardExpiry: string | null, cardholderName: string | null, oneClickType: OneClickType | null }, outcomes: { processing: { status: string | null, responseCode: string | null, responseCodeDescription: string | null } | null } | null, events: Array<{ id: string, event: string, occurred: string, source: string }> }>, refunds: Array<{ id: string, amount: number, currency: string, status: OrderStatus, created: string, merchantOrderId: string | null, transactions: Array<{ id: string, refundOfTransactionId: string | null }> }>, webhookDeliveries: Array<{ id: string, reason: WebhookDeliveryReason, orderStatus: OrderStatus, state: WebhookDeliveryState, attemptCount: number, maxAttempts: number, created: string, nextAttempt: string | null, completed: string | null, attempts: Array<{ number: number, started: string, url: string | null, httpStatus: number | null, errorKind: WebhookErrorKind | null, errorMessage: string | null, durationMs: number, signed: boolean }> }> } | null };

export type OrderDetailChangedSubscriptionVariables = Exact<{
  orderId?: string | null | undefined;
}>;


export type OrderDetailChangedSubscription = { orderStatusChanged: { id: string, status: OrderStatus } };

export type PortalOrdersQueryVariables = Exact<{
  query?: string | null | undefined;
  sort?: OrderSort | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type PortalOrdersQuery = { orders: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ cursor: string, node: { id: string, created: string, merchantOrderId: string | null, amount: number, currency: string, status: OrderStatus, refundedAmount: number, transactions: Array<{ id: string, status: TransactionStatus, paymentMethod: PaymentMethod, paymentMethodBrand: string | null, paymentMethodDetails: { truncatedPan: string | null } }> } }> } };

export type PortalOrderChangesSubscriptionVariables = Exact<{
  afterEvent?: string | null | undefined;
}>;


export type PortalOrderChangesSubscription = { orderStatusChanged: { id: string, created: string, merchantOrderId: string | null, amount: number, currency: string, status: OrderStatus, refundedAmount: number, event: { cursor: string } | null, transactions: Array<{ id: string, status: TransactionStatus, paymentMethod: PaymentMethod, paymentMethodBrand: string | null, paymentMethodDetails: { truncatedPan: string | null } }> } };

export type PortalNewOrdersSubscriptionVariables = Exact<{
  afterEvent?: string | null | undefined;
}>;


export type PortalNewOrdersSubscription = { orderCreated: { id: string, event: { cursor: string } | null } };

export type PortalOrdersExportQueryVariables = Exact<{
  query?: string | null | undefined;
  sort?: OrderSort | null | undefined;
  after?: string | null | undefined;
}>;


export type PortalOrdersExportQuery = { orders: { pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { id: string, merchantOrderId: string | null, created: string, completed: string | null, currency: string, amount: number, status: OrderStatus, merchantId: string, projectId: string, customer: { merchantCustomerId: string | null } | null, transactions: Array<{ id: string, status: TransactionStatus, paymentMethod: PaymentMethod, paymentMethodBrand: string | null, amount: number, currency: string, refundOfTransactionId: string | null, paymentMethodDetails: { truncatedPan: string | null } }> } }> } };

export type PortalProjectSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type PortalProjectSettingsQuery = { project: { id: string, name: string, mode: ProjectMode, merchantId: string, paymentMethods: Array<PaymentMethod> } };

export type PortalRenameProjectMutationVariables = Exact<{
  name: string;
}>;


export type PortalRenameProjectMutation = { updateProject: { project: { id: string, name: string } | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalUsersQueryVariables = Exact<{ [key: string]: never; }>;


export type PortalUsersQuery = { users: Array<{ id: string, email: string, role: Role, created: string }> };

export type PortalCreateUserMutationVariables = Exact<{
  input: CreateUserInput;
}>;


export type PortalCreateUserMutation = { createUser: { password: string | null, user: { id: string, email: string, role: Role } | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalRemoveUserMutationVariables = Exact<{
  id: string;
}>;


export type PortalRemoveUserMutation = { removeUser: { removedUserId: string | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalCreatePasswordResetMutationVariables = Exact<{
  userId: string;
}>;


export type PortalCreatePasswordResetMutation = { createPasswordReset: { url: string | null, expires: string | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalChangePasswordMutationVariables = Exact<{
  input: ChangePasswordInput;
}>;


export type PortalChangePasswordMutation = { changePassword: { changed: boolean | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalWebhookDeliveriesQueryVariables = Exact<{
  after?: string | null | undefined;
  filter?: WebhookDeliveryFilter | null | undefined;
}>;


export type PortalWebhookDeliveriesQuery = { webhookDeliveries: { edges: Array<{ node: { id: string, orderId: string, reason: WebhookDeliveryReason, orderStatus: OrderStatus, status: WebhookDeliveryStatus, attemptCount: number, maxAttempts: number, created: string, nextAttempt: string | null, attempts: Array<{ number: number, httpStatus: number | null, errorKind: WebhookErrorKind | null }> } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type PortalRedeliverWebhooksMutationVariables = Exact<{
  filter: WebhookDeliveryFilter;
}>;


export type PortalRedeliverWebhooksMutation = { redeliverWebhooks: { queued: number | null, selected: number | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalSendTestWebhookMutationVariables = Exact<{
  url: string;
}>;


export type PortalSendTestWebhookMutation = { sendTestWebhook: { attempt: { url: string | null, httpStatus: number | null, errorKind: WebhookErrorKind | null, errorMessage: string | null, durationMs: number, signed: boolean } | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalWebhookProjectQueryVariables = Exact<{ [key: string]: never; }>;


export type PortalWebhookProjectQuery = { project: { id: string, webhookUrl: string | null, webhookSigningEnabled: boolean, webhookHealth: { lastSuccessAt: string | null, lastFailureAt: string | null, consecutiveFailures: number } } };

export type PortalSetWebhookUrlMutationVariables = Exact<{
  webhookUrl?: string | null | undefined;
}>;


export type PortalSetWebhookUrlMutation = { updateProject: { project: { id: string, webhookUrl: string | null } | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalEnableSigningMutationVariables = Exact<{ [key: string]: never; }>;


export type PortalEnableSigningMutation = { enableWebhookSigning: { secret: string | null, project: { id: string, webhookSigningEnabled: boolean } | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalDisableSigningMutationVariables = Exact<{ [key: string]: never; }>;


export type PortalDisableSigningMutation = { disableWebhookSigning: { project: { id: string, webhookSigningEnabled: boolean } | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalRotateSigningMutationVariables = Exact<{
  overlap?: string | null | undefined;
}>;


export type PortalRotateSigningMutation = { rotateWebhookSigningSecret: { secret: string | null, previousSecretExpires: string | null, project: { id: string, webhookSigningEnabled: boolean } | null, userErrors: Array<{ field: string | null, code: string, message: string }> } };

export type PortalViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type PortalViewerQuery = { viewer: { role: Role, project: { id: string, name: string, mode: ProjectMode } } };

export type PortalFeedEndQueryVariables = Exact<{ [key: string]: never; }>;


export type PortalFeedEndQuery = { events: { pageInfo: { endCursor: string | null } } };

export type UserErrorsFragment = { field: string | null, code: string, message: string };

export const OrderRowFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"merchantOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"transactions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethodBrand"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethodDetails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"truncatedPan"}}]}}]}}]}}]} as unknown as DocumentNode<OrderRowFragment, unknown>;
export const WindowTotalsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WindowTotals"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"OrderStats"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"buckets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderCount"}},{"kind":"Field","name":{"kind":"Name","value":"completedCount"}},{"kind":"Field","name":{"kind":"Name","value":"finalCount"}},{"kind":"Field","name":{"kind":"Name","value":"amounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}}]}}]} as unknown as DocumentNode<WindowTotalsFragment, unknown>;
export const FeedEventFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FeedEvent"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"occurred"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"snapshot"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderStatus"}},{"kind":"Field","name":{"kind":"Name","value":"transactionStatus"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"attemptCount"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"errorKind"}}]}}]}}]} as unknown as DocumentNode<FeedEventFragment, unknown>;
export const UserErrorsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<UserErrorsFragment, unknown>;
export const PortalAuditLogDocument = {"__meta__":{"documentId":"sha256:e04c151b23edfaa227909993bd15ceaa0c08cdd7d59fd67b5c8d35fcd6d02280"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PortalAuditLog"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"auditLog"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"25"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"occurred"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"clientAddress"}},{"kind":"Field","name":{"kind":"Name","value":"principal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"target"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<PortalAuditLogQuery, PortalAuditLogQueryVariables>;
export const PortalApiKeysDocument = {"__meta__":{"documentId":"sha256:2dbe8b62209d21786438e8ebe5fde881223d702f9a359edccab3623cf6811034"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PortalApiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKeys"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}},{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"lastUsed"}},{"kind":"Field","name":{"kind":"Name","value":"expires"}},{"kind":"Field","name":{"kind":"Name","value":"revoked"}},{"kind":"Field","name":{"kind":"Name","value":"active"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]} as unknown as DocumentNode<PortalApiKeysQuery, PortalApiKeysQueryVariables>;
export const PortalCreateApiKeyDocument = {"__meta__":{"documentId":"sha256:1edf81f20f02b6e71a014ca5169aadc376852057a154f6ea8949c0e8d96ee2cd"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalCreateApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"label"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"role"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Role"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"label"},"value":{"kind":"Variable","name":{"kind":"Name","value":"label"}}},{"kind":"Argument","name":{"kind":"Name","value":"role"},"value":{"kind":"Variable","name":{"kind":"Name","value":"role"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKey"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalCreateApiKeyMutation, PortalCreateApiKeyMutationVariables>;
export const PortalRollApiKeyDocument = {"__meta__":{"documentId":"sha256:e5ac71600fb06fa29cb5b218564980e119252f57d37b74d5b73ee91a5341f87c"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalRollApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"overlap"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rollApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"overlap"},"value":{"kind":"Variable","name":{"kind":"Name","value":"overlap"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKey"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"prefix"}}]}},{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"previousKey"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"expires"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalRollApiKeyMutation, PortalRollApiKeyMutationVariables>;
export const PortalRevokeApiKeyDocument = {"__meta__":{"documentId":"sha256:5991af33c0eb5b2e6a026645b9ad12212661c2b5221d81b2821c062219fc35dc"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalRevokeApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKey"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"revoked"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalRevokeApiKeyMutation, PortalRevokeApiKeyMutationVariables>;
export const PortalTakeOverApiKeyDocument = {"__meta__":{"documentId":"sha256:5908534847d952873bd4a591413274f2492d35a7502bef01ad52ca98dbea7325"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalTakeOverApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"takeOverApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"apiKey"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"owner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalTakeOverApiKeyMutation, PortalTakeOverApiKeyMutationVariables>;
export const HomeStatsDocument = {"__meta__":{"documentId":"sha256:2d06756cbbd0ebc7e5ab963de2b521625d41387d9572a879403b71ace60e919a"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"HomeStats"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"today"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"week"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"month"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"until"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"timeZone"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"today"},"name":{"kind":"Name","value":"orderStats"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"today"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"until"}}},{"kind":"Argument","name":{"kind":"Name","value":"timeZone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"timeZone"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WindowTotals"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"week"},"name":{"kind":"Name","value":"orderStats"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"week"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"until"}}},{"kind":"Argument","name":{"kind":"Name","value":"timeZone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"timeZone"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WindowTotals"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"month"},"name":{"kind":"Name","value":"orderStats"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"month"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"until"}}},{"kind":"Argument","name":{"kind":"Name","value":"timeZone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"timeZone"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"WindowTotals"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"perDay"},"name":{"kind":"Name","value":"orderStats"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"month"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"until"}}},{"kind":"Argument","name":{"kind":"Name","value":"groupBy"},"value":{"kind":"ListValue","values":[{"kind":"EnumValue","value":"DAY"},{"kind":"EnumValue","value":"STATUS"}]}},{"kind":"Argument","name":{"kind":"Name","value":"timeZone"},"value":{"kind":"Variable","name":{"kind":"Name","value":"timeZone"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"buckets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"periodStart"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"orderCount"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"WindowTotals"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"OrderStats"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"buckets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderCount"}},{"kind":"Field","name":{"kind":"Name","value":"completedCount"}},{"kind":"Field","name":{"kind":"Name","value":"finalCount"}},{"kind":"Field","name":{"kind":"Name","value":"amounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}}]}}]}}]}}]} as unknown as DocumentNode<HomeStatsQuery, HomeStatsQueryVariables>;
export const HomeLatestEventsDocument = {"__meta__":{"documentId":"sha256:bcafeb54afc138d185bc56379e74e73d51dbaa8917e6439c72716528d968ce99"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"HomeLatestEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"last"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FeedEvent"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FeedEvent"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"occurred"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"snapshot"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderStatus"}},{"kind":"Field","name":{"kind":"Name","value":"transactionStatus"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"attemptCount"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"errorKind"}}]}}]}}]} as unknown as DocumentNode<HomeLatestEventsQuery, HomeLatestEventsQueryVariables>;
export const HomeNewEventsDocument = {"__meta__":{"documentId":"sha256:02479837fe37795a914f1f6b915d2a3b02ada59fac5a6125aa64622b4cf08be7"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"HomeNewEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"afterEvent"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"afterEvent"},"value":{"kind":"Variable","name":{"kind":"Name","value":"afterEvent"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"FeedEvent"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"FeedEvent"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"occurred"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"snapshot"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderStatus"}},{"kind":"Field","name":{"kind":"Name","value":"transactionStatus"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"attemptCount"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"errorKind"}}]}}]}}]} as unknown as DocumentNode<HomeNewEventsSubscription, HomeNewEventsSubscriptionVariables>;
export const HomeFeedOrdersDocument = {"__meta__":{"documentId":"sha256:e375ebccdde6648e748371124b41b97ffd9214bd04151b85e56e7d001c89f966"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"HomeFeedOrders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"merchantOrderId"}}]}}]}}]}}]} as unknown as DocumentNode<HomeFeedOrdersQuery, HomeFeedOrdersQueryVariables>;
export const PortalRefundOrderDocument = {"__meta__":{"documentId":"sha256:69dc97ac1550c374898ab3eeee45899856d1948523e9add1f7f9a555ff6fcc89"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalRefundOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"amount"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SafeInt"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"transactionId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"refundOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"orderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}}},{"kind":"Argument","name":{"kind":"Name","value":"amount"},"value":{"kind":"Variable","name":{"kind":"Name","value":"amount"}}},{"kind":"Argument","name":{"kind":"Name","value":"transactionId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"transactionId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"refund"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"order"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalRefundOrderMutation, PortalRefundOrderMutationVariables>;
export const PortalCaptureTransactionDocument = {"__meta__":{"documentId":"sha256:6579d96bed544c479d94a73c9e435c51657bcd11b56638d052a9f73e13e0e6e4"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalCaptureTransaction"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CaptureTransactionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"captureTransaction"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"captureOrder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalCaptureTransactionMutation, PortalCaptureTransactionMutationVariables>;
export const PortalVoidTransactionDocument = {"__meta__":{"documentId":"sha256:e4692789bcbb9abfd332da8fa424613cf313ddcc7be5ad7ca739feb04a33eb43"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalVoidTransaction"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"VoidTransactionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voidTransaction"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"voidOrder"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalVoidTransactionMutation, PortalVoidTransactionMutationVariables>;
export const PortalRedeliverWebhookDocument = {"__meta__":{"documentId":"sha256:ab8e23fe3b21a00bc9acb1baf6962b492a0f8cdacb664c33c716a569590cdbfb"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalRedeliverWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redeliverWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"orderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"delivery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalRedeliverWebhookMutation, PortalRedeliverWebhookMutationVariables>;
export const OrderDetailDocument = {"__meta__":{"documentId":"sha256:fddaaf7826c3b89252c93ddfb17f9ac7a5cedab4986135183fb3eb9705ffa5e8"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OrderDetail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"order"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"merchantId"}},{"kind":"Field","name":{"kind":"Name","value":"merchantOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"flags"}},{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"modified"}},{"kind":"Field","name":{"kind":"Name","value":"completed"}},{"kind":"Field","name":{"kind":"Name","value":"expirationPeriod"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethods"}},{"kind":"Field","name":{"kind":"Name","value":"orderUrl"}},{"kind":"Field","name":{"kind":"Name","value":"returnUrl"}},{"kind":"Field","name":{"kind":"Name","value":"failureUrl"}},{"kind":"Field","name":{"kind":"Name","value":"webhookUrl"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"availableActions"}},{"kind":"Field","name":{"kind":"Name","value":"authorizedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"capturedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"refundableAmount"}},{"kind":"Field","name":{"kind":"Name","value":"pendingRefundAmount"}},{"kind":"Field","name":{"kind":"Name","value":"voidedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"chargedBackAmount"}},{"kind":"Field","name":{"kind":"Name","value":"relatedOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"relatedOrderIds"}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"merchantCustomerId"}},{"kind":"Field","name":{"kind":"Name","value":"emailAddress"}},{"kind":"Field","name":{"kind":"Name","value":"firstName"}},{"kind":"Field","name":{"kind":"Name","value":"lastName"}},{"kind":"Field","name":{"kind":"Name","value":"addressType"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"postalCode"}},{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","name":{"kind":"Name","value":"locale"}},{"kind":"Field","name":{"kind":"Name","value":"phoneNumbers"}},{"kind":"Field","name":{"kind":"Name","value":"ipAddress"}}]}},{"kind":"Field","name":{"kind":"Name","value":"client"}},{"kind":"Field","name":{"kind":"Name","value":"extra"}},{"kind":"Field","name":{"kind":"Name","value":"transactions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethodBrand"}},{"kind":"Field","name":{"kind":"Name","value":"creditDebit"}},{"kind":"Field","name":{"kind":"Name","value":"isCapturable"}},{"kind":"Field","name":{"kind":"Name","value":"availableActions"}},{"kind":"Field","name":{"kind":"Name","value":"refundableAmount"}},{"kind":"Field","name":{"kind":"Name","value":"capturableAmount"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"refundOfTransactionId"}},{"kind":"Field","name":{"kind":"Name","value":"captureOfTransactionId"}},{"kind":"Field","name":{"kind":"Name","value":"voidOfTransactionId"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethodDetails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"truncatedPan"}},{"kind":"Field","name":{"kind":"Name","value":"cardExpiry"}},{"kind":"Field","name":{"kind":"Name","value":"cardholderName"}},{"kind":"Field","name":{"kind":"Name","value":"oneClickType"}}]}},{"kind":"Field","name":{"kind":"Name","value":"outcomes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"processing"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"responseCode"}},{"kind":"Field","name":{"kind":"Name","value":"responseCodeDescription"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"event"}},{"kind":"Field","name":{"kind":"Name","value":"occurred"}},{"kind":"Field","name":{"kind":"Name","value":"source"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"refunds"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"merchantOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"transactions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"refundOfTransactionId"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"webhookDeliveries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"orderStatus"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"attemptCount"}},{"kind":"Field","name":{"kind":"Name","value":"maxAttempts"}},{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttempt"}},{"kind":"Field","name":{"kind":"Name","value":"completed"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"started"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"errorKind"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"signed"}}]}}]}}]}}]}}]} as unknown as DocumentNode<OrderDetailQuery, OrderDetailQueryVariables>;
export const OrderDetailChangedDocument = {"__meta__":{"documentId":"sha256:d4298ed90f5e7e9c25f4e857fa142b68a251da07b865ebc5f01f4642e492fdba"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"OrderDetailChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderStatusChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"orderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<OrderDetailChangedSubscription, OrderDetailChangedSubscriptionVariables>;
export const PortalOrdersDocument = {"__meta__":{"documentId":"sha256:11b21fc65832542fe37b3b46c546492e380da312c060c728661983f490506796"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PortalOrders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sort"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderSort"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"sort"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sort"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderRow"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"merchantOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"transactions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethodBrand"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethodDetails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"truncatedPan"}}]}}]}}]}}]} as unknown as DocumentNode<PortalOrdersQuery, PortalOrdersQueryVariables>;
export const PortalOrderChangesDocument = {"__meta__":{"documentId":"sha256:a5bca3c8a70ce7e68cf5709f26c6563e30465d2bbc97a350de16558a34847c75"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"PortalOrderChanges"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"afterEvent"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderStatusChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"afterEvent"},"value":{"kind":"Variable","name":{"kind":"Name","value":"afterEvent"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrderRow"}},{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrderRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Order"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"merchantOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"refundedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"transactions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethodBrand"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethodDetails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"truncatedPan"}}]}}]}}]}}]} as unknown as DocumentNode<PortalOrderChangesSubscription, PortalOrderChangesSubscriptionVariables>;
export const PortalNewOrdersDocument = {"__meta__":{"documentId":"sha256:d1c5a4e40efb559883f8f5386b5698dedca1fbf67c3ac611d9208c420ec7c3b0"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"PortalNewOrders"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"afterEvent"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderCreated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"afterEvent"},"value":{"kind":"Variable","name":{"kind":"Name","value":"afterEvent"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}}]}}]}}]}}]} as unknown as DocumentNode<PortalNewOrdersSubscription, PortalNewOrdersSubscriptionVariables>;
export const PortalOrdersExportDocument = {"__meta__":{"documentId":"sha256:0048524ab08f97153166036e4ad5dbd99e24bc1970f5e45c287878fba3331188"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PortalOrdersExport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"query"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sort"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OrderSort"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orders"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"query"},"value":{"kind":"Variable","name":{"kind":"Name","value":"query"}}},{"kind":"Argument","name":{"kind":"Name","value":"sort"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sort"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"merchantOrderId"}},{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"completed"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"merchantId"}},{"kind":"Field","name":{"kind":"Name","value":"projectId"}},{"kind":"Field","name":{"kind":"Name","value":"customer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"merchantCustomerId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"transactions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethod"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethodBrand"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"refundOfTransactionId"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethodDetails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"truncatedPan"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<PortalOrdersExportQuery, PortalOrdersExportQueryVariables>;
export const PortalProjectSettingsDocument = {"__meta__":{"documentId":"sha256:83025285110fc0fb26466579413d1b32637d34f0ce335e867ddb7b7b620ccbae"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PortalProjectSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"merchantId"}},{"kind":"Field","name":{"kind":"Name","value":"paymentMethods"}}]}}]}}]} as unknown as DocumentNode<PortalProjectSettingsQuery, PortalProjectSettingsQueryVariables>;
export const PortalRenameProjectDocument = {"__meta__":{"documentId":"sha256:4f85a5cb85ea780ce259a9452247ac2f2b4d6b8d49f2a6a2ce9999c0c0dcef7c"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalRenameProject"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateProject"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalRenameProjectMutation, PortalRenameProjectMutationVariables>;
export const PortalUsersDocument = {"__meta__":{"documentId":"sha256:5792d4052e37e85b6712b35c82e6134ea14b99c67f8f5f6f3851c479f2d96a6b"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PortalUsers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"users"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"created"}}]}}]}}]} as unknown as DocumentNode<PortalUsersQuery, PortalUsersQueryVariables>;
export const PortalCreateUserDocument = {"__meta__":{"documentId":"sha256:cedc203c43f22de545f404c06bc915f39de51e0e98f840d7f1028280af57c0f8"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalCreateUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateUserInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"role"}}]}},{"kind":"Field","name":{"kind":"Name","value":"password"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalCreateUserMutation, PortalCreateUserMutationVariables>;
export const PortalRemoveUserDocument = {"__meta__":{"documentId":"sha256:810e39ee3f9cded1ea9aa998c0ee3ab5838951baed83ab91684f4cdb41046f29"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalRemoveUser"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeUser"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removedUserId"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalRemoveUserMutation, PortalRemoveUserMutationVariables>;
export const PortalCreatePasswordResetDocument = {"__meta__":{"documentId":"sha256:6c355be40c781a91671bd2fa40535618e32bf93e3d9cf2ec98bc199b0171702c"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalCreatePasswordReset"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createPasswordReset"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"expires"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalCreatePasswordResetMutation, PortalCreatePasswordResetMutationVariables>;
export const PortalChangePasswordDocument = {"__meta__":{"documentId":"sha256:ae8782c5b28f62b5b27f1e4c0b2d04566a1918851158506bb3dd5f9279ec7e56"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalChangePassword"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ChangePasswordInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changePassword"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"changed"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalChangePasswordMutation, PortalChangePasswordMutationVariables>;
export const PortalWebhookDeliveriesDocument = {"__meta__":{"documentId":"sha256:ea984b348fc214d0bbc0983f8fcc689a62f09bf742a3a585818e1fff20b5641c"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PortalWebhookDeliveries"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDeliveryFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookDeliveries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"orderStatus"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attemptCount"}},{"kind":"Field","name":{"kind":"Name","value":"maxAttempts"}},{"kind":"Field","name":{"kind":"Name","value":"created"}},{"kind":"Field","name":{"kind":"Name","value":"nextAttempt"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"errorKind"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<PortalWebhookDeliveriesQuery, PortalWebhookDeliveriesQueryVariables>;
export const PortalRedeliverWebhooksDocument = {"__meta__":{"documentId":"sha256:18f8819246ec8553ddf93d62bbe7f9740cc6e6c5b2206c80b9b0952e3e450173"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalRedeliverWebhooks"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookDeliveryFilter"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redeliverWebhooks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"queued"}},{"kind":"Field","name":{"kind":"Name","value":"selected"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalRedeliverWebhooksMutation, PortalRedeliverWebhooksMutationVariables>;
export const PortalSendTestWebhookDocument = {"__meta__":{"documentId":"sha256:623df5c3ba0ddde032916506b25d94b994240fe84dfd04da019272fc92b219d1"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalSendTestWebhook"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"url"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendTestWebhook"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"url"},"value":{"kind":"Variable","name":{"kind":"Name","value":"url"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attempt"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"errorKind"}},{"kind":"Field","name":{"kind":"Name","value":"errorMessage"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"signed"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalSendTestWebhookMutation, PortalSendTestWebhookMutationVariables>;
export const PortalWebhookProjectDocument = {"__meta__":{"documentId":"sha256:be5d9da927207a465c147af20a38bed9cba507702c3bc830ed06d49c0cbcae2b"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PortalWebhookProject"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"webhookUrl"}},{"kind":"Field","name":{"kind":"Name","value":"webhookSigningEnabled"}},{"kind":"Field","name":{"kind":"Name","value":"webhookHealth"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lastSuccessAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastFailureAt"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveFailures"}}]}}]}}]}}]} as unknown as DocumentNode<PortalWebhookProjectQuery, PortalWebhookProjectQueryVariables>;
export const PortalSetWebhookUrlDocument = {"__meta__":{"documentId":"sha256:c50417799656dc669447de717a33690564fb1254a9b4bc307409938f9a95a35e"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalSetWebhookUrl"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"webhookUrl"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateProject"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"webhookUrl"},"value":{"kind":"Variable","name":{"kind":"Name","value":"webhookUrl"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"webhookUrl"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalSetWebhookUrlMutation, PortalSetWebhookUrlMutationVariables>;
export const PortalEnableSigningDocument = {"__meta__":{"documentId":"sha256:b2e405ae9daa4197865a5a3c2b895e74e0c2f429d86b4bef7e3dcd01fec6f6b1"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalEnableSigning"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"enableWebhookSigning"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"webhookSigningEnabled"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalEnableSigningMutation, PortalEnableSigningMutationVariables>;
export const PortalDisableSigningDocument = {"__meta__":{"documentId":"sha256:c727cf4576d7763621de483dd00723257e12e6e9d4aa15d66e31d427db13cc34"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalDisableSigning"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"disableWebhookSigning"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"webhookSigningEnabled"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalDisableSigningMutation, PortalDisableSigningMutationVariables>;
export const PortalRotateSigningDocument = {"__meta__":{"documentId":"sha256:3525d159a6c0c9632e36c784f7293fd672e5da99bff04005485b3435173f3417"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PortalRotateSigning"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"overlap"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rotateWebhookSigningSecret"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"overlap"},"value":{"kind":"Variable","name":{"kind":"Name","value":"overlap"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"secret"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpires"}},{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"webhookSigningEnabled"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"UserErrors"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"UserErrors"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UserError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]} as unknown as DocumentNode<PortalRotateSigningMutation, PortalRotateSigningMutationVariables>;
export const PortalViewerDocument = {"__meta__":{"documentId":"sha256:49edbb2e9b8f917e479543c9c5c902c6fe836f7d5fde5abde17aef5784b05f2b"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PortalViewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"project"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}}]}}]}}]}}]} as unknown as DocumentNode<PortalViewerQuery, PortalViewerQueryVariables>;
export const PortalFeedEndDocument = {"__meta__":{"documentId":"sha256:120dd6e94825477d36137a3c120658bd871c66b496e52f76229a417c4db4599b"},"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PortalFeedEnd"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"last"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]} as unknown as DocumentNode<PortalFeedEndQuery, PortalFeedEndQueryVariables>;