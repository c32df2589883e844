import { Histogram, type HistogramConfiguration } from 'prom-client';

type RequestLabel = 'method' | 'route' | 'status';

interface Series {
  labels: { method: string; route: string; status: string };
  /** Observations per upper bound (not cumulative), in the order of the bounds. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * prom-client's Histogram for the observation every HTTP request makes, with a cheap `observeRequest`:
 * `Histogram.observe` validates and hashes its labels object and turns each bucket bound into a property name at
 * every call (1.5–3 µs, a few percent of a refused request's CPU). Here a series is found through nested Maps
 * (method → route → status) and an observation is an array increment. What leaves (`get`, and the text of
 * /metrics) has the very shape prom-client's Histogram gives the same observations: the same names, labels,
 * order and values, the cluster aggregation included (test/platform/request-histogram.unit.test.ts compares).
 */
export class RequestHistogram extends Histogram<RequestLabel> {
  readonly #name: string;
  readonly #help: string;
  readonly #aggregator: NonNullable<HistogramConfiguration<RequestLabel>['aggregator']>;
  readonly #bounds: number[];
  #series = new Map<string, Map<string, Map<number, Series>>>();
  /** Series in the order they were first observed (prom-client exports in that order). */
  #ordered: Series[] = [];

  constructor(configuration: HistogramConfiguration<RequestLabel> & { buckets: number[] }) {
    super(configuration);
    this.#name = configuration.name;
    this.#help = configuration.help;
    this.#aggregator = configuration.aggregator ?? 'sum';
    // prom-client's constructor sets `observe` on the instance; this one feeds the series exported here.
    this.observe = ((labels: unknown, value?: number) =>
      this.#observeLabels(labels, value)) as Histogram<RequestLabel>['observe'];
    this.#bounds = [...configuration.buckets].sort((a, b) => a - b);
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    let routes = this.#series.get(method);
    if (!routes) {
      routes = new Map();
      this.#series.set(method, routes);
    }
    let statuses = routes.get(route);
    if (!statuses) {
      statuses = new Map();
      routes.set(route, statuses);
    }
    let series = statuses.get(status);
    if (!series) {
      series = {
        labels: { method, route, status: String(status) },
        counts: this.#bounds.map(() => 0),
        sum: 0,
        count: 0,
      };
      statuses.set(status, series);
      this.#ordered.push(series);
    }
    series.sum += seconds;
    series.count += 1;
    const bounds = this.#bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= bounds[i]!) {
        series.counts[i]! += 1;
        return;
      }
    }
  }

  /** The general form (a labels object and a value), kept to the same series: nothing else may observe. */
  #observeLabels(labels: unknown, value?: number): void {
    const named = labels as Partial<Record<RequestLabel, string | number>> | null;
    if (typeof named !== 'object' || named === null || typeof value !== 'number') {
      throw new TypeError(`${this.#name} is observed with its labels and a value`);
    }
    this.observeRequest(String(named.method), String(named.route), Number(named.status), value);
  }

  override reset(): void {
    super.reset();
    // prom-client's constructor calls reset before this class's fields exist.
    if (!(#series in this)) return;
    this.#series = new Map();
    this.#ordered = [];
  }

  /** What prom-client's registry formats /metrics from: Histogram's own value pairs, in its order. */
  async getForPromString() {
    const bucketName = `${this.#name}_bucket`;
    const values: ValuePair[] = [];
    for (const series of this.#ordered) {
      let cumulative = 0;
      this.#bounds.forEach((bound, i) => {
        cumulative += series.counts[i]!;
        values.push(pair({ le: bound }, cumulative, bucketName, null, series.labels));
      });
      values.push(
        pair({ le: '+Inf' }, series.count, bucketName, null, series.labels),
        pair({}, series.sum, `${this.#name}_sum`, undefined, series.labels),
        pair({}, series.count, `${this.#name}_count`, undefined, series.labels),
      );
    }
    return {
      name: this.#name,
      help: this.#help,
      type: 'histogram' as const,
      values,
      aggregator: this.#aggregator,
    };
  }

  override async get() {
    const data = await this.getForPromString();
    const values = data.values.map(({ sharedLabels, labels, ...rest }) => ({
      ...rest,
      labels: { ...labels, ...sharedLabels },
    }));
    return { ...data, values } as unknown as Awaited<ReturnType<Histogram<RequestLabel>['get']>>;
  }
}

interface ValuePair {
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string>;
  value: number;
  metricName: string;
  exemplar: null | undefined;
}

const pair = (
  labels: Record<string, string | number>,
  value: number,
  metricName: string,
  exemplar: null | undefined,
  sharedLabels: Record<string, string>,
): ValuePair => ({ labels, sharedLabels, value, metricName, exemplar });
