/**
 * Whether this process exports traces, and under which service name: decided from the standard OpenTelemetry
 * variables alone, before anything else is loaded (see register.ts). Off unless an OTLP endpoint is set, so a
 * process nobody asked to trace loads no SDK and pays nothing.
 */
export interface TracingSettings {
  /** Where spans go (OTLP over HTTP); the exporter itself reads the variable, this is for the start line. */
  endpoint: string;
  serviceName: string;
}

export const DEFAULT_SERVICE_NAME = 'payment-gateway';

export function tracingSettings(env: NodeJS.ProcessEnv): TracingSettings | null {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!endpoint) return null;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return null;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return null;
  return { endpoint, serviceName: env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME };
}
