/**
 * The load generator of `npm run bench`: autocannon (HTTP/1.1 keep-alive, one request in flight per
 * connection, the answer's bytes counted, never decoded), in the bench process, apart from the
 * servers it measures. Duration-based: a warm-up (every pool connection plans the route's
 * statements, PostgreSQL settles on its generic plans), then the measured seconds.
 *
 * Paired: the route and the bare route take turns in slices of a second or two, each for the same
 * total time, so both see the same load of the machine; on a shared machine the load drifts by a
 * factor of two within a minute, and a bare route measured minutes earlier would compare with another machine.
 */
import autocannon from 'autocannon';

export interface LoadTarget {
  base: string;
  headers: Record<string, string>;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Turns of route and bare route (paired measuring); 0 measures the route alone. */
  slices: number;
}

export interface Figures {
  requests: number;
  perSecond: number;
  p50: number;
  p975: number;
}

export interface LoadResult extends Figures {
  name: string;
  /** The bare route, measured in turns with this route. */
  bare?: Figures;
  /** Why the route has no figures (an answer other than 200, or none within a turn). */
  failed?: string;
}

export interface Sample {
  ok: number;
  failed: string[];
  seconds: number;
  times: number[];
}

/** Autocannon on one target for some seconds, every request's path from `nextPath`. */
export function fire(
  target: LoadTarget,
  nextPath: (i: number) => string,
  connections: number,
  seconds: number,
): Promise<Sample> {
  let i = 0;
  const times: number[] = [];
  const failed: string[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.base,
        connections,
        duration: seconds,
        headers: target.headers,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath(i++) }) }],
      },
      (err, r) => {
        if (err) reject(err);
        else
          resolve({
            ok: r['2xx'],
            failed: r.errors ? [...failed, `${r.errors} errors (${r.timeouts} timeouts)`] : failed,
            seconds: r.duration,
            times,
          });
      },
    );
    instance.on('response', (_client, status: number, _bytes: number, responseTime: number) => {
      if (status === 200) times.push(responseTime);
      else if (failed.length < 3) failed.push(`HTTP ${status}`);
    });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

function figures(samples: Sample[], name: string): Figures {
  const failed = samples.flatMap((s) => s.failed);
  if (failed.length) throw new Error(`${name}: ${failed.join(', ')}`);
  const ok = samples.reduce((n, s) => n + s.ok, 0);
  if (ok === 0) throw new Error(`${name}: no answer within the measured time`);
  const times = samples.flatMap((s) => s.times).sort((a, b) => a - b);
  const seconds = samples.reduce((n, s) => n + s.seconds, 0);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requests: ok,
    perSecond: ok / seconds,
    p50: round(percentile(times, 50)),
    p975: round(percentile(times, 97.5)),
  };
}

type Load = { target: LoadTarget; path: (i: number) => string };

/**
 * One route under load (every answer must be a 200, or the route fails), in turns with the bare route when `bare` is
 * given.
 */
export async function measure(name: string, route: Load, options: LoadOptions, bare?: Load): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await fire(route.target, route.path, options.connections, options.warmupSeconds);
  if (!bare || options.slices < 1)
    return { name, ...figures([await fire(route.target, route.path, options.connections, options.seconds)], name) };
  const slice = options.seconds / options.slices;
  const routeSamples: Sample[] = [];
  const bareSamples: Sample[] = [];
  for (let s = 0; s < options.slices; s++) {
    bareSamples.push(await fire(bare.target, bare.path, options.connections, slice));
    routeSamples.push(await fire(route.target, route.path, options.connections, slice));
  }
  return { name, ...figures(routeSamples, name), bare: figures(bareSamples, `${name} (its bare turns)`) };
}
