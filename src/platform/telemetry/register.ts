import { register } from 'node:module';
import { tracingSettings } from './tracing-settings.ts';

/**
 * Loaded before the application (`node --import ./src/platform/telemetry/register.ts`, as `npm start` and
 * `npm run worker` do; server processes under WEB_CONCURRENCY inherit it): instrumentation must patch http, pg
 * and graphql before anything imports them. Without OTEL_EXPORTER_OTLP_ENDPOINT it only reads the environment:
 * no SDK, no loader hook, nothing patched.
 *
 * The application is ESM, so import-in-the-middle's loader hook wraps the modules the instrumentations patch
 * (and only those), beside the CommonJS require hook each instrumentation installs itself. On Node versions
 * with working synchronous hooks (module.registerHooks) it runs in-thread, which keeps a traced start about as
 * fast as an untraced one; elsewhere it runs on the loader thread and is told the modules by message.
 */
const INSTRUMENTED_MODULES = ['http', 'https', 'pg', 'pg-pool', 'graphql'];

const settings = tracingSettings(process.env);
if (settings) {
  const syncHooks = await import('import-in-the-middle/register-hooks.mjs');
  let acknowledged: Promise<void> = Promise.resolve();
  if (syncHooks.supportsSyncHooks()) {
    syncHooks.register({ include: INSTRUMENTED_MODULES });
  } else {
    const { createAddHookMessageChannel } = await import('import-in-the-middle');
    const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
    register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
    acknowledged = waitForAllMessagesAcknowledged();
  }
  const { startTracing } = await import('./start-tracing.ts');
  startTracing(settings);
  await acknowledged;
}
