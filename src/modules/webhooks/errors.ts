import { DomainError } from '../../platform/errors/domain-error.ts';

/** Refusals of the webhook commands (redelivery). */

export const noNotification = () =>
  new DomainError(
    'unprocessable',
    'no_notification',
    "The order's status has not changed yet, so there is no notification to send again",
    'orderId',
  );

export const noWebhookUrl = () =>
  new DomainError(
    'unprocessable',
    'no_webhook_url',
    'Neither the order nor the project has a webhook URL',
    'orderId',
  );

export const redeliveryPending = () =>
  new DomainError('conflict', 'redelivery_pending', 'A redelivery of this order is still pending', 'orderId');
