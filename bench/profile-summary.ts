/** Sums a V8 .cpuprofile up: self time per function and per part of a request, in ms per request. */
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

/** The part of a request a frame belongs to, by its source; the first match wins, walking up the stack. */
const parts: [string, RegExp][] = [
  ['response JSON (fast-json-stringify)', /fast-json-stringify|serializ/i],
  ['compression (zlib)', /compression|zlib|brotli|gzip/i],
  ['pg driver (protocol, parsing rows)', /node_modules\/pg|pg-protocol|pg-types|pg-pool|postgres-/],
  ['kysely (building, compiling SQL)', /kysely/],
  ['session and access', /access\.ts|session\.ts|hashToken|createHash/],
  ['input guard', /input-guard/],
  ['security headers', /security-headers/],
  ['logging (pino)', /pino|logger/],
  ['fastify (routing, hooks, reply)', /fastify|find-my-way|light-my-request|avvio/],
  [
    'node http / net (sockets)',
    /node:_http|node:net|node:stream|node:internal\/(http|net|stream)|_http_|writev|llhttp/,
  ],
  ['garbage collection', /\(garbage collector\)/],
  ['dates (domain/dates.ts, Intl)', /domain\/dates/],
  ['paging (server/http/paging.ts)', /server\/http\/paging/],
  ['modules (server/modules: rows to answers)', /server\/modules/],
  ['other portal code (server/, domain/)', /\/server\/|\/domain\//],
];

/** The compiled server is one bundle: its source map gives each frame the file it came from (CPU and heap profiles). */
export function originalSources(nodes: Pick<ProfileNode, 'callFrame'>[]): void {
  const maps = new Map<string, SourceMap | null>();
  for (const n of nodes) {
    const { url } = n.callFrame;
    if (!url.startsWith('file://')) continue;
    if (!maps.has(url)) {
      const mapFile = `${fileURLToPath(url)}.map`;
      maps.set(
        url,
        fs.existsSync(mapFile)
          ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as ConstructorParameters<typeof SourceMap>[0])
          : null,
      );
    }
    const entry = maps.get(url)?.findEntry(n.callFrame.lineNumber, n.callFrame.columnNumber);
    if (entry && 'originalSource' in entry) {
      n.callFrame.url = entry.originalSource;
      n.callFrame.lineNumber = entry.originalLine;
    }
  }
}

/**
 * `window`: the measured load as CLOCK_MONOTONIC microseconds (process.hrtime in the bench process,
 * the clock of V8's sample times on Linux): start-up, sign-in and warm-up fall outside it.
 */
export function summarize(file: string, requests: number, window?: { from: number; to: number }, top = 25): void {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  originalSources(profile.nodes);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfMs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window.from || at > window.to)) return;
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });

  const label = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*?\/(node_modules|server|domain)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
  const partOf = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const n = byId.get(at);
      if (!n) break;
      const text = `${n.callFrame.url} ${n.callFrame.functionName}`;
      const hit = parts.find(([, re]) => re.test(text));
      if (hit) return hit[0];
    }
    const n = byId.get(id);
    return n?.callFrame.functionName.startsWith('(') ? n.callFrame.functionName : 'other';
  };
  const perFunction = new Map<string, number>();
  const perPart = new Map<string, number>();
  let all = 0;
  for (const [id, ms] of selfMs) {
    const n = byId.get(id);
    if (!n) continue;
    all += ms;
    perFunction.set(label(n), (perFunction.get(label(n)) ?? 0) + ms);
    perPart.set(partOf(id), (perPart.get(partOf(id)) ?? 0) + ms);
  }
  const idle = perPart.get('(idle)') ?? 0;
  const per = (ms: number) => (requests ? (ms / requests).toFixed(3) : '-');
  console.log(
    `\n${file}\n${requests} requests; ${(all - idle).toFixed(0)} ms busy of ${all.toFixed(0)} ms sampled: ${per(all - idle)} ms CPU per request`,
  );
  console.log('\n| part of the request | ms per request | share of busy |\n|---|---|---|');
  for (const [part, ms] of [...perPart].filter(([p]) => p !== '(idle)').sort((a, b) => b[1] - a[1])) {
    console.log(`| ${part} | ${per(ms)} | ${((100 * ms) / (all - idle)).toFixed(1)} % |`);
  }
  console.log('\n| function (self time) | ms per request |\n|---|---|');
  for (const [fn, ms] of [...perFunction]
    .filter(([f]) => !f.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)) {
    console.log(`| ${fn} | ${per(ms)} |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) summarize(process.argv[2] ?? '', Number(process.argv[3] ?? 0));
