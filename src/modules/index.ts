import type { FastifyInstance } from 'fastify';
import type { Resolvers } from '../generated/graphql.ts';
import type { AppServices } from '../services.ts';
import { orderResolvers } from './orders/graphql/order-resolvers.ts';
import { Order } from './orders/order.entity.ts';
import { OutboxEvent } from './orders/outbox.entity.ts';
import { orderRoutes } from './orders/rest/order-routes.ts';
import { Transaction, TransactionEvent } from './orders/transaction.entity.ts';
import { projectResolvers } from './projects/graphql/project-resolvers.ts';
import { ApiKey, Merchant, Project } from './projects/project.entity.ts';

/** Every entity MikroORM manages. */
export const entities = [Merchant, Project, ApiKey, Order, Transaction, TransactionEvent, OutboxEvent];

/** Every module's GraphQL resolvers, merged over the SDL in schema/. */
export const resolvers: Resolvers[] = [orderResolvers, projectResolvers];

/** Every module's HTTP routes (REST, hosted pages, vault face). */
export async function registerRoutes(app: FastifyInstance, _services: AppServices): Promise<void> {
  await app.register(orderRoutes);
}

/** Every module's background workers (expiry timers, webhook deliveries); run where JOBS_ENABLED. */
export async function registerWorkers(_services: AppServices): Promise<void> {}
