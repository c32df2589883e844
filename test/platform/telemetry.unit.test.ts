import { type Context, ROOT_CONTEXT, SpanKind, TraceFlags, trace } from '@opentelemetry/api';
import { type Sampler, SamplingDecision } from '@opentelemetry/sdk-trace';
import { StartAtBoundaries, standardSampler } from '../../src/platform/telemetry/sampler.ts';
import { withoutLiterals } from '../../src/platform/telemetry/sql-text.ts';
import { tracingSettings } from '../../src/platform/telemetry/tracing-settings.ts';
import { redactedPath, redactedQuery, redactedUrl } from '../../src/platform/telemetry/url-query.ts';

describe('whether a process exports traces', () => {
  it('is off when no OTLP endpoint is set, whatever else is', () => {
    expect(tracingSettings({})).toBeNull();
    expect(tracingSettings({ OTEL_SERVICE_NAME: 'gateway', OTEL_TRACES_SAMPLER: 'always_on' })).toBeNull();
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBeNull();
  });

  it('is on with OTEL_EXPORTER_OTLP_ENDPOINT (or the traces-only endpoint), as payment-gateway by default', () => {
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({
      endpoint: 'http://collector:4318',
      serviceName: 'payment-gateway',
    });
    expect(
      tracingSettings({
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces',
        OTEL_SERVICE_NAME: 'gateway-eu',
      }),
    ).toEqual({ endpoint: 'http://collector:4318/v1/traces', serviceName: 'gateway-eu' });
  });

  it('stays off when the standard switches say so', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracingSettings({ ...endpoint, OTEL_SDK_DISABLED: 'true' })).toBeNull();
    expect(tracingSettings({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBeNull();
  });
});

describe('SQL text in a span', () => {
  it('keeps the shape of a statement and drops every literal MikroORM inlined', () => {
    expect(
      withoutLiterals(
        "select k.id from api_keys k where k.key_hash = 'e9ea0d68' and (k.expires_at > '2026-11-23T06:24:14.800Z')",
      ),
    ).toBe('select k.id from api_keys k where k.key_hash = ? and (k.expires_at > ?)');
  });

  it('replaces quoted strings with doubled quotes, escape strings, dollar-quoted strings and numbers', () => {
    expect(
      withoutLiterals("update t set a = 'it''s', b = 42, c = -1.5e3, d = E'\\x41' where n in (1, 2,3)"),
    ).toBe('update t set a = ?, b = ?, c = ?, d = ? where n in (?, ?,?)');
    expect(withoutLiterals('select $$4111111111111111$$, $tag$ 737 $tag$')).toBe('select ?, ?');
  });

  it('leaves placeholders, names with digits and quoted identifiers alone', () => {
    const sql = 'with w0 as (select "col1", t2.x from t2 where id = $1 and v = $12::json) select * from w0';
    expect(withoutLiterals(sql)).toBe(sql);
  });
});

describe('which traces are recorded', () => {
  const traceId = '0af7651916cd43dd8448eb211c80319c';
  const parent = trace.setSpanContext(ROOT_CONTEXT, {
    traceId,
    spanId: 'b7ad6b7169203331',
    traceFlags: TraceFlags.SAMPLED,
  });
  const decide = (sampler: Sampler, context: Context, kind: SpanKind) =>
    sampler.shouldSample(context, traceId, 'span', kind, {}, []).decision;

  it('starts a trace at a request, a job or an outgoing call, never at an internal step on its own', () => {
    const sampler = new StartAtBoundaries(standardSampler({}));
    expect(decide(sampler, ROOT_CONTEXT, SpanKind.SERVER)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(sampler, ROOT_CONTEXT, SpanKind.CONSUMER)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(sampler, ROOT_CONTEXT, SpanKind.CLIENT)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(sampler, ROOT_CONTEXT, SpanKind.INTERNAL)).toBe(SamplingDecision.NOT_RECORD);
    expect(decide(sampler, parent, SpanKind.INTERNAL)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });

  it('leaves the rest to OTEL_TRACES_SAMPLER, parent-based and always on by default', () => {
    expect(standardSampler({}).toString()).toMatch(/^ParentBased\{root=AlwaysOnSampler/);
    expect(standardSampler({ OTEL_TRACES_SAMPLER: 'always_off' }).toString()).toBe('AlwaysOffSampler');
    expect(
      standardSampler({
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      }).toString(),
    ).toMatch(/^ParentBased\{root=TraceIdRatioBased\{0.25\}/);
    expect(
      standardSampler({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '7' }).toString(),
    ).toBe('TraceIdRatioBased{1}');
    const sampler = new StartAtBoundaries(standardSampler({ OTEL_TRACES_SAMPLER: 'always_off' }));
    expect(decide(sampler, ROOT_CONTEXT, SpanKind.SERVER)).toBe(SamplingDecision.NOT_RECORD);
  });
});

describe('URLs in a span', () => {
  it('keeps the query parameter names and drops their values', () => {
    expect(redactedQuery('token=s3cr3t&format=csv&flag')).toBe(
      'token=REDACTED&format=REDACTED&flag=REDACTED',
    );
    expect(redactedPath('/hook?token=s3cr3t')).toBe('/hook?token=REDACTED');
    expect(redactedPath('/v1/orders/')).toBe('/v1/orders/');
  });

  it("writes an outgoing request's full URL without its query values, and without a default port", () => {
    expect(
      redactedUrl({ protocol: 'https:', hostname: 'shop.example', port: 443, path: '/hook?token=s3cr3t' }),
    ).toBe('https://shop.example/hook?token=REDACTED');
    expect(redactedUrl({ protocol: 'http:', hostname: '127.0.0.1', port: 8080, path: '/hook?t=1' })).toBe(
      'http://127.0.0.1:8080/hook?t=REDACTED',
    );
  });
});
