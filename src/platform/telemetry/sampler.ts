import { SpanKind, trace } from '@opentelemetry/api';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  type Sampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace';

/**
 * Traces start where work comes in or goes out: an HTTP request, a job, a call to another service. A span
 * with no parent that is none of those (the SDL parsed while the process starts, a query run outside any
 * request) would be a one-span trace of its own, dozens per start: those are not recorded. Everything else is
 * decided by the standard sampler below, so OTEL_TRACES_SAMPLER keeps its usual meaning.
 */
export class StartAtBoundaries implements Sampler {
  readonly #standard: Sampler;

  constructor(standard: Sampler) {
    this.#standard = standard;
  }

  shouldSample(...args: Parameters<Sampler['shouldSample']>): ReturnType<Sampler['shouldSample']> {
    const [context, , , spanKind] = args;
    if (spanKind === SpanKind.INTERNAL && !trace.getSpanContext(context)) {
      return { decision: SamplingDecision.NOT_RECORD };
    }
    return this.#standard.shouldSample(...args);
  }

  toString(): string {
    return `StartAtBoundaries{${this.#standard.toString()}}`;
  }
}

/**
 * The sampler OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG name, as the SDK reads them (parent-based,
 * always on, by default). Unknown names fall back to that default, as the SDK does.
 */
export function standardSampler(env: NodeJS.ProcessEnv): Sampler {
  const ratio = () => {
    const value = Number(env.OTEL_TRACES_SAMPLER_ARG);
    return env.OTEL_TRACES_SAMPLER_ARG?.trim() && value >= 0 && value <= 1 ? value : 1;
  };
  switch (env.OTEL_TRACES_SAMPLER?.trim()) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio());
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio()) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}
