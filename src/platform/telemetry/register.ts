import { register } from 'node:module';
import { tracingSettings } from './tracing-settings.ts';

/**
 * Loaded before the application (`node --import ./src/platform/telemetry/register.ts`, as `npm start` and
 * `npm run worker` do; server processes under WEB_CONCURRENCY inherit it): instrumentation must patch http, pg
 * and graphql before anything imports them. Without OTEL_EXPORTER_OTLP_ENDPOINT it only reads the environment:
 * no SDK, no loader hook, nothing patched.
 *
 * The application is ESM, so the import-in-the-middle loader hook is registered for the modules the
 * instrumentations name (and only those: the message channel tells the hook which), beside the CommonJS
 * require hook each instrumentation installs itself.
 */
const settings = tracingSettings(process.env);
if (settings) {
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const { startTracing } = await import('./start-tracing.ts');
  startTracing(settings);
  await waitForAllMessagesAcknowledged();
}
