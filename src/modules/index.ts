import type { FastifyInstance } from 'fastify';
import type { Resolvers } from '../generated/graphql.ts';
import type { AppServices } from '../services.ts';
import { refundResolvers } from './back-office/graphql/refund-resolvers.ts';
import { refundRoutes } from './back-office/rest/refund-routes.ts';
import { registerHostedPages } from './hosted-pages/hosted-pages-module.ts';
import { orderResolvers } from './orders/graphql/order-resolvers.ts';
import { Order } from './orders/order.entity.ts';
import { OutboxEvent } from './orders/outbox.entity.ts';
import { orderRoutes } from './orders/rest/order-routes.ts';
import { Transaction, TransactionEvent } from './orders/transaction.entity.ts';
import { CardAuthorization } from './payments/card-authorization.entity.ts';
import { paymentResolvers } from './payments/graphql/payment-resolvers.ts';
import { registerCardPaymentRoutes, registerCardPaymentWorkers } from './payments/payments-module.ts';
import { projectResolvers } from './projects/graphql/project-resolvers.ts';
import { ApiKey, Merchant, Project } from './projects/project.entity.ts';
import { searchResolvers } from './search/graphql/search-resolvers.ts';
import { searchRoutes } from './search/rest/search-routes.ts';
import { subscriptionResolvers } from './subscriptions/graphql/subscription-resolvers.ts';
import { vaultResolvers } from './vault/graphql/vault-resolvers.ts';
import { VaultCard } from './vault/vault-card.entity.ts';
import { walletResolvers } from './wallets/graphql/wallet-resolvers.ts';
import { registerWalletRoutes } from './wallets/wallets-module.ts';
import { webhookResolvers } from './webhooks/graphql/webhook-resolvers.ts';
import { WebhookDelivery, WebhookDeliveryAttempt } from './webhooks/webhook-delivery.entity.ts';
import { bindWebhookRuntime, registerWebhookWorkers } from './webhooks/workers.ts';

/** Every entity MikroORM manages. */
export const entities = [
  Merchant,
  Project,
  ApiKey,
  Order,
  Transaction,
  TransactionEvent,
  OutboxEvent,
  WebhookDelivery,
  WebhookDeliveryAttempt,
  VaultCard,
  CardAuthorization,
];

/** Every module's GraphQL resolvers, merged over the SDL in schema/. */
export const resolvers: Resolvers[] = [
  orderResolvers,
  projectResolvers,
  searchResolvers,
  refundResolvers,
  webhookResolvers,
  subscriptionResolvers,
  paymentResolvers,
  vaultResolvers,
  walletResolvers,
];

/** Every module's HTTP routes (REST, hosted pages, vault face). */
export async function registerRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  await bindWebhookRuntime(services);
  await app.register(orderRoutes);
  await registerCardPaymentRoutes(app, services);
  await registerHostedPages(app, services);
  await registerWalletRoutes(app, services);
  await app.register(refundRoutes);
  await app.register(searchRoutes);
}

/** Every module's background workers (expiry timers, webhook deliveries); run where JOBS_ENABLED. */
export async function registerWorkers(services: AppServices): Promise<void> {
  await registerCardPaymentWorkers(services);
  await registerWebhookWorkers(services);
}
