/**
 * Closed-loop HTTP/1.1 load: N keep-alive connections, each sending its next request as soon as the
 * previous answer is complete, cycling through a list of requests. Drives autocannon when the package
 * is installed; otherwise a built-in driver with the same model (raw sockets, pre-serialized requests,
 * a minimal response parser), so the harness runs and its numbers stay comparable with each other.
 */
import { connect, type Socket } from 'node:net';

export interface BenchRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** A new body for every send (a mark whose statuses differ from the one before); `body` is the first. */
  freshBody?: () => string;
  /** What the request is, for the per-kind table ("student: own attendance"). */
  kind?: string;
}

/** Latency and outcome of one kind of request in a run. */
export interface KindResult {
  requests: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/**
 * Every connection takes the next request of one shared rotation, so that fifty connections spread over
 * the list instead of all sending its first request at once (autocannon starts each at the top).
 */
class Rotation {
  private next = 0;
  constructor(private readonly requests: readonly BenchRequest[]) {}
  take(): BenchRequest {
    const request = this.requests[this.next]!;
    this.next = (this.next + 1) % this.requests.length;
    return request;
  }
}

const bodyOf = (r: BenchRequest): string | undefined => (r.freshBody ? r.freshBody() : r.body);

/** Latencies per kind, and the table made of them. */
class ByKind {
  private readonly kinds = new Map<string, { latencies: Latencies; non2xx: number }>();
  add(kind: string | undefined, status: number, ms: number): void {
    if (kind === undefined) return;
    let entry = this.kinds.get(kind);
    if (!entry) this.kinds.set(kind, (entry = { latencies: new Latencies(), non2xx: 0 }));
    if (status >= 200 && status <= 299) entry.latencies.add(ms);
    else entry.non2xx++;
  }
  result(): Record<string, KindResult> | undefined {
    if (this.kinds.size === 0) return undefined;
    return Object.fromEntries(
      [...this.kinds].map(([kind, { latencies, non2xx }]) => {
        const sorted = latencies.sorted();
        return [
          kind,
          {
            requests: sorted.length + non2xx,
            p50: percentile(sorted, 50),
            p99: percentile(sorted, 99),
            non2xx,
          },
        ];
      }),
    );
  }
}

export interface LoadOptions {
  port: number;
  connections: number;
  seconds: number;
  requests: readonly BenchRequest[];
}

export interface LoadResult {
  driver: 'autocannon' | 'builtin';
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The mean size of an answer, head and body: the bare server's must match the real one's. */
  bytesPerAnswer: number;
  /** Per request kind, when the requests say their kind. */
  byKind?: Record<string, KindResult>;
  /**
   * The slowest first answer on a connection, left out of p50 and p99: a loaded Node server accepts
   * one new connection a turn of its event loop, so the last of fifty opened at once waits for the
   * turns of all the others (decision record 0095).
   */
  firstAnswerMaxMs: number;
}

export type DriverChoice = 'auto' | 'autocannon' | 'builtin';

interface AutocannonHistogram {
  average: number;
  total?: number;
}
interface AutocannonResult {
  requests: AutocannonHistogram;
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
/** autocannon's run: a promise of the totals, and an emitter of every answer as it arrives. */
interface AutocannonRun extends Promise<AutocannonResult> {
  on(
    event: 'response',
    listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
  ): void;
}
type Autocannon = (opts: Record<string, unknown>) => AutocannonRun;

let autocannonModule: Promise<Autocannon | undefined> | undefined;
/** autocannon when it is installed, else undefined (the name is a variable: it is an optional package). */
export function loadAutocannon(): Promise<Autocannon | undefined> {
  const name = 'autocannon';
  autocannonModule ??= import(name).then(
    (m: { default?: Autocannon }) => m.default,
    () => undefined,
  );
  return autocannonModule;
}

export async function resolveDriver(choice: DriverChoice): Promise<'autocannon' | 'builtin'> {
  if (choice === 'builtin') return 'builtin';
  const autocannon = await loadAutocannon();
  if (autocannon) return 'autocannon';
  if (choice === 'autocannon') {
    throw new Error('autocannon is not installed (npm package autocannon@8); run with --driver builtin');
  }
  return 'builtin';
}

export async function runLoad(driver: 'autocannon' | 'builtin', options: LoadOptions): Promise<LoadResult> {
  if (driver === 'autocannon') {
    const autocannon = (await loadAutocannon())!;
    const rotation = new Rotation(options.requests);
    const byKind = new ByKind();
    // autocannon calls a request's onResponse just before it emits 'response' for the same answer:
    // the kind of the answer being reported is the one onResponse saw last.
    let answered: { kind: string | undefined; status: number } = { kind: undefined, status: 0 };
    const run = autocannon({
      url: `http://127.0.0.1:${options.port}`,
      connections: options.connections,
      duration: options.seconds,
      requests: [
        {
          setupRequest: (defaults: { headers?: Record<string, string> }, context: { kind?: string }) => {
            const r = rotation.take();
            context.kind = r.kind;
            const headers = { ...defaults.headers, ...r.headers };
            return { ...defaults, method: r.method, path: r.path, headers, body: bodyOf(r) };
          },
          onResponse: (status: number, _body: unknown, context: { kind?: string }) => {
            answered = { kind: context.kind, status };
          },
        },
      ],
    });
    // autocannon's own histogram keeps whole milliseconds, and a cached read answers in less than one:
    // the percentiles come from every 2xx answer's time, as measured by autocannon to the microsecond.
    const latencies = new Latencies();
    const firstAnswers = new FirstAnswers();
    let answers = 0;
    let bytes = 0;
    run.on('response', (client, statusCode, answerBytes, responseTime) => {
      answers++;
      bytes += answerBytes;
      if (firstAnswers.leftOut(client as object, statusCode, responseTime)) return;
      if (statusCode >= 200 && statusCode <= 299) latencies.add(responseTime);
      byKind.add(answered.kind, statusCode, responseTime);
    });
    const result = await run;
    const sorted = latencies.sorted();
    const total = result.requests.total ?? Math.round(result.requests.average * result.duration);
    const kinds = byKind.result();
    return {
      driver,
      requests: total,
      seconds: result.duration,
      rps: total / result.duration,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      bytesPerAnswer: bytes / Math.max(1, answers),
      ...(kinds ? { byKind: kinds } : {}),
      firstAnswerMaxMs: firstAnswers.maxMs,
    };
  }
  return builtinLoad(options);
}

function serialize(request: BenchRequest): Buffer {
  const text = bodyOf(request);
  const body = text === undefined ? undefined : Buffer.from(text);
  const lines = [`${request.method} ${request.path} HTTP/1.1`, 'host: 127.0.0.1', 'connection: keep-alive'];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  if (body) lines.push(`content-length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
  return body ? Buffer.concat([head, body]) : head;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('0\r\n\r\n');

/**
 * Parses one response at the start of `buffer`: its status and total length, or undefined while it is
 * incomplete. Handles content-length and chunked bodies (a chunked body ends with an empty chunk).
 */
export function parseResponse(buffer: Buffer): { status: number; length: number } | undefined {
  const headEnd = buffer.indexOf(HEADER_END);
  if (headEnd < 0) return undefined;
  const head = buffer.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  const bodyStart = headEnd + 4;
  if (lengthMatch) {
    const length = bodyStart + Number(lengthMatch[1]);
    return buffer.length >= length ? { status, length } : undefined;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const end = buffer.indexOf(CHUNKED_END, bodyStart);
    return end < 0 ? undefined : { status, length: end + CHUNKED_END.length };
  }
  return { status, length: bodyStart };
}

/**
 * Each connection's first answer, kept apart from the latencies of answers on open connections. A
 * first answer that is not 2xx is not left out: it counts against its kind like any other.
 */
class FirstAnswers {
  private readonly seen = new WeakSet<object>();
  maxMs = 0;
  leftOut(connection: object, status: number, ms: number): boolean {
    if (this.seen.has(connection)) return false;
    this.seen.add(connection);
    this.maxMs = Math.max(this.maxMs, ms);
    return status >= 200 && status <= 299;
  }
}

/** Latencies in milliseconds, kept in a growing typed array (a run records up to a few million). */
class Latencies {
  private values = new Float64Array(1 << 16);
  private count = 0;

  add(ms: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
  }

  sorted(): Float64Array {
    return this.values.slice(0, this.count).sort();
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function builtinLoad(options: LoadOptions): Promise<LoadResult> {
  const rotation = new Rotation(options.requests);
  const byKind = new ByKind();
  const latencies = new Latencies();
  const firstAnswers = new FirstAnswers();
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const TIMEOUT_MS = 10_000;
  const MAX_RECONNECTS = 100;

  const connection = () =>
    new Promise<void>((resolveConnection) => {
      let sending: BenchRequest | undefined;
      let sentAt = 0;
      let pending: Buffer = Buffer.alloc(0);
      let reconnects = 0;
      let socket: Socket;
      let timer: NodeJS.Timeout | undefined;
      let finished = false;

      const send = () => {
        if (performance.now() >= deadline) {
          finished = true;
          socket.destroy();
          return;
        }
        sending = rotation.take();
        sentAt = performance.now();
        socket.write(serialize(sending));
        timer?.refresh();
      };
      const open = () => {
        pending = Buffer.alloc(0);
        socket = connect({ host: '127.0.0.1', port: options.port, noDelay: true });
        timer = setTimeout(() => socket.destroy(new Error('timeout')), TIMEOUT_MS);
        socket.on('connect', send);
        socket.on('data', (chunk: Buffer) => {
          pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
          const response = parseResponse(pending);
          if (!response) return;
          const ms = performance.now() - sentAt;
          answered++;
          if (response.status < 200 || response.status > 299) non2xx++;
          if (!firstAnswers.leftOut(socket, response.status, ms)) {
            if (response.status >= 200 && response.status <= 299) latencies.add(ms);
            byKind.add(sending?.kind, response.status, ms);
          }
          bytes += response.length;
          pending = pending.subarray(response.length);
          send();
        });
        socket.on('error', () => {
          // 'close' follows and decides whether to reconnect.
        });
        socket.on('close', () => {
          clearTimeout(timer);
          if (finished) {
            resolveConnection();
            return;
          }
          // Closed by the server, a timeout or an error before the end: counted, then reconnected.
          errors++;
          if (performance.now() < deadline && reconnects++ < MAX_RECONNECTS) open();
          else resolveConnection();
        });
      };
      open();
    });

  await Promise.all(Array.from({ length: options.connections }, () => connection()));
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sorted();
  const kinds = byKind.result();
  return {
    driver: 'builtin',
    requests: answered,
    seconds,
    rps: answered / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    non2xx,
    errors,
    bytesPerAnswer: bytes / Math.max(1, answered),
    ...(kinds ? { byKind: kinds } : {}),
    firstAnswerMaxMs: firstAnswers.maxMs,
  };
}
