import { FastifyOtelInstrumentation } from '@fastify/otel';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { StartAtBoundaries, standardSampler } from './sampler.ts';
import { withoutLiterals } from './sql-text.ts';
import { setTracing } from './trace-context.ts';
import { DEFAULT_SERVICE_NAME, type TracingSettings } from './tracing-settings.ts';
import { redactedQuery, redactedUrl } from './url-query.ts';

/** Probes and scrapes come every few seconds and say nothing about a request: no spans for them. */
const UNTRACED_PATHS = /^\/(health\/(live|ready)|metrics)\/?(\?|$)/;

/**
 * Starts the OpenTelemetry Node SDK for this process: spans for incoming and outgoing HTTP, Fastify's routes
 * and their handlers, GraphQL operations (parse, validate, execute) and PostgreSQL queries, exported in
 * batches over OTLP. Everything else follows the standard OTEL_* variables (exporter protocol and headers,
 * sampler, batch delays, resource attributes, propagators), read by the SDK itself.
 *
 * What is never recorded: request and response bodies (no instrumentation here reads them), headers, query
 * values, GraphQL literals and variable values (`allowValues: false`), SQL parameter values
 * (`enhancedDatabaseReporting: false`) and SQL literals (the statement text is kept with each literal replaced
 * by `?`, sql-text.ts). Card numbers and CVCs travel only in bodies and parameters;
 * test/operations/traces.test.ts searches a card flow's spans for them.
 *
 * Traces only: metrics stay with prom-client at /metrics, logs stay JSON lines on standard output carrying
 * the trace id (trace-context.ts), so no metric reader or log exporter is started.
 */
export function startTracing(settings: TracingSettings): void {
  const sdk = new NodeSDK({
    // The service name unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES says otherwise (their detector wins).
    resource: defaultResource().merge(resourceFromAttributes({ 'service.name': DEFAULT_SERVICE_NAME })),
    sampler: new StartAtBoundaries(standardSampler(process.env)),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? ''),
        // Query values never: a webhook URL's `?token=…`, a search term (the instrumentation only redacts a
        // fixed list of cloud signature parameters). These attributes replace the ones it computed.
        startIncomingSpanHook: (request) => {
          const query = request.url?.split('?')[1];
          return query ? { 'url.query': redactedQuery(query) } : {};
        },
        startOutgoingSpanHook: (request) =>
          request.path?.includes('?') ? { 'url.full': redactedUrl(request) } : {},
      }),
      // Fastify's own instrumentation, attached as each Fastify instance is created (a diagnostics channel):
      // names the HTTP span by its route and adds the request and route-handler spans. Not one span per hook:
      // ours are anonymous (a dozen spans named `onRequest - orderRoutes` per request), and the queries they
      // run (authentication, idempotency) show under the request span anyway.
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        instrumentHooks: false,
        ignorePaths: (route) => UNTRACED_PATHS.test(route.url),
        // It records Fastify's `request.url`, query and all, as `url.path`: the path alone.
        requestHook: (span, request) => span.setAttribute('url.path', request.url.split('?')[0]!),
      }),
      new GraphQLInstrumentation({ allowValues: false, mergeItems: true, ignoreResolveSpans: true }),
      // Only queries inside a request or a traced job: the job queue's polling would otherwise be a trace each.
      new PgInstrumentation({
        enhancedDatabaseReporting: false,
        requireParentSpan: true,
        requestHook: (span, { query }) => {
          if (query.text) span.setAttribute('db.query.text', withoutLiterals(query.text));
        },
      }),
    ],
  });
  sdk.start();
  setTracing({ ...settings, shutdown: () => sdk.shutdown() });
}
