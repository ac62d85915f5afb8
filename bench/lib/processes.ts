/** Child processes of the bench: the built server, the bare node:http server, and their memory. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export interface Child {
  process: ChildProcess;
  pid: number;
  port: number;
  /** The last lines the process wrote, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

/** A free loopback port, picked by the kernel. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

function keepTail(child: ChildProcess): () => string {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => lines.join('\n');
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The options Node is given where the server runs for a campus: those of `npm run serve` (the heap's
 * cap, decision record 0043), so that the bench measures the server as it is deployed.
 */
export function deployedNodeArgs(): string[] {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: { serve: string };
  };
  const words = manifest.scripts.serve.split(/\s+/);
  if (words[0] !== 'node') throw new Error(`npm run serve does not start node: ${manifest.scripts.serve}`);
  return words.slice(1).filter((word) => word.startsWith('--'));
}

/** Starts the built server and waits (up to `timeoutMs`) until /api/health answers 200. */
export async function startServer(
  mainJs: string,
  env: Record<string, string>,
  timeoutMs = 180_000,
  /** A command the server runs under, e.g. `['prlimit', '--nofile=1024:1024']`. */
  wrapper: readonly string[] = [],
): Promise<Child> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under load.
  const nodeArgs = [
    ...deployedNodeArgs(),
    ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const [command, ...args] = [...wrapper, process.execPath, ...nodeArgs, mainJs];
  const child = spawn(command, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = keepTail(child);
  const stop = () => stopChild(child);
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    if (exited) throw new Error(`The server exited during start:\n${output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return { process: child, pid: child.pid!, port, output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 500)));
  }
  await stop();
  throw new Error(`The server did not answer /api/health within ${timeoutMs / 1000} s:\n${output()}`);
}

/** Starts the bare server on the captured responses and waits for the port it prints. */
export async function startBareServer(script: string, responsesFile: string): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, responsesFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = keepTail(child);
  const lines = createInterface({ input: child.stdout });
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  try {
    for await (const line of lines) {
      const { port } = JSON.parse(line) as { port: number };
      return { process: child, pid: child.pid!, port, output, stop: () => stopChild(child) };
    }
  } finally {
    clearTimeout(timer);
    lines.close();
  }
  throw new Error(`The bare server did not start:\n${output()}`);
}

/** Resident memory of a process in MB (Linux), or NaN where /proc is not there. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** CPU time (user + system) a process has used so far, in ms (Linux), or NaN where /proc is not there. */
export function cpuMs(pid: number): number {
  try {
    // Fields after the command name: state is the 1st, utime the 12th and stime the 13th, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS);
  } catch {
    return Number.NaN;
  }
}
/**
 * CPU time used so far by each process of a local PostgreSQL server (its backends, writers and
 * autovacuum), in ms, by pid; undefined where /proc is not there.
 */
function postgresCpuByPid(): Map<number, number> | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const out = new Map<number, number>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes(' (postgres) ')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      out.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS));
    } catch {
      // Ended meanwhile.
    }
  }
  return out;
}

/**
 * The CPU PostgreSQL's processes spend from now until stopped, in ms: the database's share of a run.
 * Each process is sampled every 200 ms and counts its last sample less its first (one that started
 * meanwhile counts from 0), so a backend that ends during the run keeps what it spent up to its
 * last sample instead of taking it away from the total. NaN where /proc is not there.
 */
export function samplePostgresCpu(): { stop(): number } {
  const first = postgresCpuByPid();
  const last = new Map(first);
  const sample = () => {
    for (const [pid, ms] of postgresCpuByPid() ?? []) last.set(pid, ms);
  };
  const timer = setInterval(sample, 200);
  return {
    stop() {
      clearInterval(timer);
      if (!first) return Number.NaN;
      sample();
      let total = 0;
      for (const [pid, ms] of last) total += ms - (first.get(pid) ?? 0);
      return total;
    },
  };
}

/** USER_HZ: 100 on every mainstream Linux. */
const CLOCK_TICKS = 100;

/** Samples a process's RSS every 200 ms until stopped; answers the peak. */
export function sampleRss(pid: number): { stop(): number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    const now = rssMb(pid);
    if (now > peak || Number.isNaN(peak)) peak = now;
  }, 200);
  return {
    stop() {
      clearInterval(timer);
      const now = rssMb(pid);
      return Number.isNaN(now) ? peak : Math.max(peak, now);
    },
  };
}
