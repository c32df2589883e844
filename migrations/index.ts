import { Migration20261121000000_foundation } from './Migration20261121000000_foundation.ts';
import { Migration20261121010000_card_payments } from './Migration20261121010000_card_payments.ts';
import { Migration20261121020000_back_office } from './Migration20261121020000_back_office.ts';
import { Migration20261121030000_webhooks } from './Migration20261121030000_webhooks.ts';
import { Migration20261121040000_search_indexes } from './Migration20261121040000_search_indexes.ts';
import { Migration20261121060000_event_sequence } from './Migration20261121060000_event_sequence.ts';
import { Migration20261122400000_events_feed } from './Migration20261122400000_events_feed.ts';
import { Migration20261122410000_webhook_dispatch } from './Migration20261122410000_webhook_dispatch.ts';
import { Migration20261122420000_events_horizon } from './Migration20261122420000_events_horizon.ts';
import { Migration20261123000000_identity } from './Migration20261123000000_identity.ts';
import { Migration20261123010000_audit_log } from './Migration20261123010000_audit_log.ts';
import { Migration20261123040000_orders_created_covering_index } from './Migration20261123040000_orders_created_covering_index.ts';
import { Migration20261123100000_tenant_project_ids } from './Migration20261123100000_tenant_project_ids.ts';
import { Migration20261123200000_chargebacks } from './Migration20261123200000_chargebacks.ts';
import { Migration20261123210000_settlement } from './Migration20261123210000_settlement.ts';
import { Migration20261123300000_payment_links } from './Migration20261123300000_payment_links.ts';
import { Migration20261123400000_idempotent_location } from './Migration20261123400000_idempotent_location.ts';
import { Migration20261124100000_pending_authorizations } from './Migration20261124100000_pending_authorizations.ts';
import { Migration20261125100000_card_flow_keys } from './Migration20261125100000_card_flow_keys.ts';
import { Migration20261125300000_order_stats_statistics } from './Migration20261125300000_order_stats_statistics.ts';
import { Migration20261127100000_order_child_keys } from './Migration20261127100000_order_child_keys.ts';
import { Migration20261128000000_see_transactions_expiry } from './Migration20261128000000_see_transactions_expiry.ts';
import { Migration20261128100000_crash_safe_money } from './Migration20261128100000_crash_safe_money.ts';
import { Migration20261129000000_order_lines } from './Migration20261129000000_order_lines.ts';
import { Migration20261129100000_graphql_cost_buckets } from './Migration20261129100000_graphql_cost_buckets.ts';
import { Migration20261129200000_order_created_event } from './Migration20261129200000_order_created_event.ts';
import { Migration20261129270000_merchant_security } from './Migration20261129270000_merchant_security.ts';
import { Migration20261129300000_crash_safe_completion } from './Migration20261129300000_crash_safe_completion.ts';
import { Migration20261129400000_hosted_card_attempts_index } from './Migration20261129400000_hosted_card_attempts_index.ts';
import { Migration20261130100000_one_successor_per_key } from './Migration20261130100000_one_successor_per_key.ts';
import { Migration20261130110000_attempt_browsers } from './Migration20261130110000_attempt_browsers.ts';
import { Migration20261130120000_challenge_timeout_index } from './Migration20261130120000_challenge_timeout_index.ts';
import { Migration20261130130000_transaction_events_one_index } from './Migration20261130130000_transaction_events_one_index.ts';
import { Migration20261130140000_children_keys_by_construction } from './Migration20261130140000_children_keys_by_construction.ts';

/** Every migration, oldest first. Add new ones at the end. */
export const migrations = [
  Migration20261121000000_foundation,
  Migration20261121010000_card_payments,
  Migration20261121020000_back_office,
  Migration20261121030000_webhooks,
  Migration20261121040000_search_indexes,
  Migration20261121060000_event_sequence,
  Migration20261122400000_events_feed,
  Migration20261122410000_webhook_dispatch,
  Migration20261122420000_events_horizon,
  Migration20261123000000_identity,
  Migration20261123010000_audit_log,
  Migration20261123040000_orders_created_covering_index,
  Migration20261123100000_tenant_project_ids,
  Migration20261123200000_chargebacks,
  Migration20261123210000_settlement,
  Migration20261123300000_payment_links,
  Migration20261123400000_idempotent_location,
  Migration20261124100000_pending_authorizations,
  Migration20261125100000_card_flow_keys,
  Migration20261125300000_order_stats_statistics,
  Migration20261127100000_order_child_keys,
  Migration20261128000000_see_transactions_expiry,
  Migration20261128100000_crash_safe_money,
  Migration20261129000000_order_lines,
  Migration20261129100000_graphql_cost_buckets,
  Migration20261129200000_order_created_event,
  Migration20261129270000_merchant_security,
  Migration20261129300000_crash_safe_completion,
  Migration20261129400000_hosted_card_attempts_index,
  Migration20261130100000_one_successor_per_key,
  Migration20261130110000_attempt_browsers,
  Migration20261130120000_challenge_timeout_index,
  Migration20261130130000_transaction_events_one_index,
  Migration20261130140000_children_keys_by_construction,
];
