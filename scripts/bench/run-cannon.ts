/** Driving one endpoint with autocannon while the server's memory and CPU are sampled, and summarising the run. */
import { performance } from 'node:perf_hooks';
import autocannon, { type Options, type Request, type Result } from 'autocannon';
import { type Child } from './lib-processes.js';
import { cpuSeconds, sampleRss } from './lib-proc.js';
import { median } from './lib-report.js';
import { CONNECTIONS, DURATION, type EndpointResult, log, WARMUP } from './run-settings.js';

async function cannon(options: Options): Promise<Result> {
  return autocannon({
    connections: CONNECTIONS,
    duration: DURATION,
    warmup: { connections: CONNECTIONS, duration: WARMUP },
    ...options,
  });
}

function summarise(
  name: string,
  method: string,
  path: string,
  authenticated: boolean,
  r: Result,
  peakRssBytes: number,
  ceilingRps: number | null,
  serverCpuCores: number,
): EndpointResult {
  const rps = r.requests.total / r.duration;
  // No completed request means no latency figure (autocannon then reports 0): say so, never "met".
  const none = r['2xx'] === 0;
  return {
    name,
    method,
    path,
    authenticated,
    rps,
    p50: none ? NaN : r.latency.p50,
    p99: none ? NaN : r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    ceilingRps: authenticated ? ceilingRps : null,
    ratioToCeiling: authenticated && ceilingRps ? rps / ceilingRps : null,
    peakRssBytes,
    serverCpuCores,
  };
}

/**
 * One endpoint under load while the server's memory is sampled. `requests` (autocannon's): requests
 * that vary, each made from the spec's by its setupRequest (the conversation's posts, run-messages.ts).
 */
export async function measure(
  server: Child,
  base: string,
  spec: {
    name: string;
    method?: 'GET' | 'POST';
    path: string;
    token?: string;
    body?: unknown;
    authenticated: boolean;
    requests?: Request[];
  },
  ceilingRps: number | null,
): Promise<EndpointResult> {
  const method = spec.method ?? 'GET';
  const sampler = sampleRss(server.pid);
  const cpu0 = cpuSeconds(server.pid);
  const t0 = performance.now();
  const r = await cannon({
    url: `${base}${spec.path}`,
    method,
    headers: {
      ...(spec.token ? { authorization: `Bearer ${spec.token}` } : {}),
      ...(spec.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(spec.body ? { body: JSON.stringify(spec.body) } : {}),
    ...(spec.requests ? { requests: spec.requests } : {}),
  });
  const { peak } = sampler.stop();
  const cores = (cpuSeconds(server.pid) - cpu0) / ((performance.now() - t0) / 1000);
  const result = summarise(spec.name, method, spec.path, spec.authenticated, r, peak, ceilingRps, cores);
  log(
    `  ${spec.name}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms` +
      (result.non2xx || result.errors ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ''),
  );
  return result;
}

/**
 * One endpoint's rounds as one result: the median of each figure (req/s, latencies, ratio, ceiling,
 * CPU), the requests and failures of all rounds added up, the highest memory; each round kept in `rounds`.
 */
export function medianOfRounds(rounds: EndpointResult[]): EndpointResult {
  const [first] = rounds;
  if (!first) throw new Error('medianOfRounds: no rounds');
  const { ownCeilingRps: _rps, ratioToOwnCeiling: _ratio, ...one } = first;
  const of = (pick: (r: EndpointResult) => number) => median(rounds.map(pick));
  const sum = (pick: (r: EndpointResult) => number) => rounds.reduce((n, r) => n + pick(r), 0);
  const ratios = rounds.map((r) => r.ratioToCeiling);
  const ceilings = rounds.map((r) => r.ceilingRps);
  const own = rounds.every((r) => r.ratioToOwnCeiling !== undefined && r.ownCeilingRps !== undefined)
    ? { ownCeilingRps: of((r) => r.ownCeilingRps ?? NaN), ratioToOwnCeiling: of((r) => r.ratioToOwnCeiling ?? NaN) }
    : {};
  return {
    ...one,
    rps: of((r) => r.rps),
    p50: of((r) => r.p50),
    p99: of((r) => r.p99),
    requests: sum((r) => r.requests),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    ceilingRps: ceilings.every((c) => c !== null) ? median(ceilings) : null,
    ratioToCeiling: ratios.every((r) => r !== null) ? median(ratios) : null,
    peakRssBytes: Math.max(...rounds.map((r) => r.peakRssBytes)),
    serverCpuCores: of((r) => r.serverCpuCores),
    ...own,
    rounds: rounds.map((r) => ({
      rps: r.rps,
      p99: r.p99,
      ratioToCeiling: r.ratioToCeiling,
      ...(r.ratioToOwnCeiling === undefined ? {} : { ratioToOwnCeiling: r.ratioToOwnCeiling }),
    })),
  };
}
