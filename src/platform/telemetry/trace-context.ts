import { trace } from '@opentelemetry/api';
import { tracingSettings } from './tracing-settings.ts';

/**
 * What the rest of the process may know about tracing: whether it is on (register.ts turned it on before the
 * application was loaded), the trace ids for a log line, and a flush for shutdown. Nothing here loads the SDK.
 */
interface TracingHandle {
  endpoint: string;
  serviceName: string;
  /** Exports the spans still batched and stops the SDK. */
  shutdown(): Promise<void>;
}

// One slot per process, shared however this file is reached (the --import and the application load it alike).
const SLOT = Symbol.for('payment-gateway.tracing');
type Slot = { [SLOT]?: TracingHandle };

export function setTracing(handle: TracingHandle): void {
  (globalThis as Slot)[SLOT] = handle;
}

/** The running tracing, or null when traces are off (the default). */
export function tracing(): TracingHandle | null {
  return (globalThis as Slot)[SLOT] ?? null;
}

/** Exports what is batched; a no-op when traces are off. Called on the way out, after HTTP has drained. */
export async function flushTraces(): Promise<void> {
  await tracing()
    ?.shutdown()
    .catch(() => undefined);
}

export interface TraceLogFields {
  trace_id?: string;
  span_id?: string;
  trace_flags?: string;
}

/**
 * The ids of the span active where a line is logged (a pino mixin): every line logged within a request carries
 * its trace id, so logs and traces join. Only installed when traces are on.
 */
export function traceLogFields(): TraceLogFields {
  const span = trace.getActiveSpan();
  // A new object each time: pino merges the line's own fields into what the mixin returns.
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  return { trace_id: traceId, span_id: spanId, trace_flags: `0${traceFlags.toString(16)}` };
}

/**
 * One line at start saying where traces go; a warning when the variable is set but this process was started
 * without the register hook (plain `node src/main.ts`), which would otherwise silently export nothing.
 */
export function reportTracing(
  logger: { info(fields: object, message: string): void; warn(fields: object, message: string): void },
  env: NodeJS.ProcessEnv = process.env,
): void {
  const running = tracing();
  if (running) {
    logger.info(
      { endpoint: running.endpoint, serviceName: running.serviceName },
      'traces exported over OTLP',
    );
  } else if (tracingSettings(env)) {
    logger.warn(
      { register: REGISTER_FLAG },
      'OTEL_EXPORTER_OTLP_ENDPOINT is set but tracing was not loaded: start with npm start or npm run worker',
    );
  }
}

/** How `npm start` and `npm run worker` load tracing before the application. */
export const REGISTER_FLAG = '--import ./src/platform/telemetry/register.ts';
