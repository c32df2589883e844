import { Histogram, Registry } from 'prom-client';
import { RequestHistogram } from '../../src/platform/metrics/request-histogram.ts';

const configuration = (registry: Registry) => ({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const observations: [string, string, number, number][] = [
  ['GET', '/v1/orders/:orderId/', 401, 0.0004],
  ['GET', '/v1/orders/:orderId/', 200, 0.003],
  ['POST', '/v1/orders/', 201, 0.0123],
  ['GET', '/v1/orders/:orderId/', 401, 0.001],
  ['GET', 'unmatched', 404, 0.0001],
  ['POST', '/graphql', 200, 12.5],
  ['GET', '/v1/orders/:orderId/', 200, 0.25],
  ['GET', '/v1/orders/:orderId/', 401, 0.0000001],
];

/** prom-client's own Histogram and ours, each in its registry, fed the same observations. */
function pair() {
  const theirs = new Registry();
  const ours = new Registry();
  const reference = new Histogram(configuration(theirs));
  const histogram = new RequestHistogram(configuration(ours));
  const observe = (list: typeof observations) => {
    for (const [method, route, status, seconds] of list) {
      reference.observe({ method, route, status: String(status) }, seconds);
      histogram.observeRequest(method, route, status, seconds);
    }
  };
  return { theirs, ours, reference, histogram, observe };
}

describe('the HTTP request histogram', () => {
  it("exports exactly what prom-client's Histogram exports for the same requests", async () => {
    const { theirs, ours, observe } = pair();
    observe(observations);
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
    expect(await ours.metrics()).toContain(
      'http_request_duration_seconds_count{method="GET",route="/v1/orders/:orderId/",status="401"} 3',
    );
  });

  it('exports nothing before the first request and after a reset, then the new requests only', async () => {
    const { theirs, ours, reference, histogram, observe } = pair();
    expect(await ours.metrics()).toBe(await theirs.metrics());
    observe(observations);
    reference.reset();
    histogram.reset();
    expect(await ours.metrics()).toBe(await theirs.metrics());
    observe(observations.slice(2, 5));
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('keeps the labels-object form on the same series', async () => {
    const { theirs, ours, reference, histogram } = pair();
    reference.observe({ method: 'GET', route: '/x', status: '200' }, 0.002);
    histogram.observe({ method: 'GET', route: '/x', status: '200' }, 0.002);
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(() => histogram.observe(0.1 as never)).toThrow(TypeError);
  });
});
