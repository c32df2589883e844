import { type ErrorTable, errorsOf } from '../../platform/errors/error-table.ts';

/** The webhook commands' codes with their kinds (redelivery, signing); their errors are built from here. */
export const WEBHOOK_ERRORS = {
  no_notification: 'unprocessable',
  no_webhook_url: 'unprocessable',
  redelivery_pending: 'conflict',
  signing_not_enabled: 'conflict',
} as const satisfies ErrorTable;

const { error } = errorsOf(WEBHOOK_ERRORS);

export const noNotification = () =>
  error(
    'no_notification',
    "The order's status has not changed yet, so there is no notification to send again",
    'orderId',
  );

export const noWebhookUrl = () =>
  error('no_webhook_url', 'Neither the order nor the project has a webhook URL', 'orderId');

export const redeliveryPending = () =>
  error('redelivery_pending', 'A redelivery of this order is still pending', 'orderId');

/** Rotating the signing secret of a project that does not sign its webhooks. */
export const signingNotEnabled = () =>
  error('signing_not_enabled', 'Webhook signing is off: turn it on with enableWebhookSigning first');
