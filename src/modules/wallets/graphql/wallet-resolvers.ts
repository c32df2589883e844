import type { Resolvers, WalletPaymentReason } from '../../../generated/graphql.ts';
import { toGraphQLEnum } from '../../../platform/graphql/enums.ts';
import { withoutNulls } from '../../../platform/graphql/input.ts';
import { mutationPayload } from '../../../platform/graphql/user-errors.ts';
import { executeWalletPayment } from '../commands/execute-wallet-payment.ts';
import { persistWalletAToken } from '../commands/persist-wallet-a-token.ts';
import { startWalletASession } from '../commands/start-wallet-a-session.ts';
import { storeWalletBToken } from '../commands/store-wallet-b-token.ts';

/** REST body fields of the execute calls, as the GraphQL input names them. */
const FIELD_NAMES = {
  vault_token: 'vaultToken',
  online_payment_cryptogram: 'cryptogram',
  eci_indicator: 'eciIndicator',
  browser_info_screen_width: 'browserInfo.screenWidth',
  browser_info_screen_height: 'browserInfo.screenHeight',
  browser_info_color_depth: 'browserInfo.colorDepth',
  browser_info_user_agent: 'browserInfo.userAgent',
  browser_info_time_zone_offset: 'browserInfo.timeZoneOffset',
  browser_info_language: 'browserInfo.language',
  browser_info_java_enabled: 'browserInfo.javaEnabled',
};

/** The four wallet steps over GraphQL, running the same commands as REST, always for the calling project. */
export const walletResolvers: Resolvers = {
  Mutation: {
    startWalletASession: (_parent, { input }, { deps, actor }) =>
      mutationPayload(async () => startWalletASession(deps, actor, { ...input }), { sessionData: null }),

    persistWalletAToken: (_parent, { input }, { deps, actor }) =>
      mutationPayload(
        async () => persistWalletAToken(deps, actor, { ...input, header: withoutNulls({ ...input.header }) }),
        {
          vaultToken: null,
          onlinePaymentCryptogram: null,
          eciIndicator: null,
        },
      ),

    storeWalletBToken: (_parent, { input }, { deps, actor }) =>
      mutationPayload(
        async () => {
          const { environment, ...body } = input;
          return storeWalletBToken(
            deps,
            environment === 'TEST' ? 'test' : 'production',
            body,
            actor.projectId,
          );
        },
        { vaultToken: null, cryptogram: null, eciIndicator: null },
      ),

    executeWalletPayment: (_parent, { input }, { deps, actor }) =>
      mutationPayload(
        async () => {
          const method = input.paymentMethod === 'WALLET_A_PAY' ? 'wallet-a-pay' : 'wallet-b-pay';
          const browser = input.browserInfo ?? {};
          // Wallet A takes no browser information: sent anyway, it is refused as an unknown field.
          const body = withoutNulls({
            ...(method === 'wallet-a-pay'
              ? {
                  vault_token: input.vaultToken,
                  online_payment_cryptogram: input.cryptogram,
                  eci_indicator: input.eciIndicator,
                }
              : {
                  vaultToken: input.vaultToken,
                  cryptogram: input.cryptogram,
                  eciIndicator: input.eciIndicator,
                }),
            browser_info_screen_width: browser.screenWidth,
            browser_info_screen_height: browser.screenHeight,
            browser_info_color_depth: browser.colorDepth,
            browser_info_user_agent: browser.userAgent,
            browser_info_time_zone_offset: browser.timeZoneOffset,
            browser_info_language: browser.language,
            browser_info_java_enabled: browser.javaEnabled,
          });
          const result = await executeWalletPayment(
            deps,
            {
              method,
              orderId: input.orderId,
              transactionId: input.transactionId,
              projectId: actor.projectId,
            },
            body,
          );
          return {
            isSuccessful: result.isSuccessful,
            redirectUrl: result.redirectUrl,
            reason: toGraphQLEnum<WalletPaymentReason>(result.reason),
            order: result.view,
          };
        },
        { isSuccessful: null, redirectUrl: null, reason: null, order: null },
        { fieldNames: FIELD_NAMES },
      ),
  },
};
