// Process-level test helpers: build the server into a folder of its own, start and stop real server
// processes on loopback, follow their JSON logs, and call their API over HTTP.
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a command to completion; rejects with its output when it fails. */
export function run(command, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolvePromise(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}:\n${output}`));
    });
  });
}

/**
 * The server bundle to test: SERVER_ENTRY (a built main.js) when given, else a fresh build into a
 * temporary folder (never apps/server/dist, which other builds share). The folder links the
 * repository's node_modules so that the bundle's external packages resolve.
 */
export async function buildServer(label) {
  if (process.env.SERVER_ENTRY) {
    const main = resolve(process.env.SERVER_ENTRY);
    if (!existsSync(main)) throw new Error(`SERVER_ENTRY ${main} does not exist`);
    return { main, cli: join(dirname(main), 'cli.js'), cleanup() {} };
  }
  const dir = mkdtempSync(join(tmpdir(), `campus-${label}-`));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  await run(process.execPath, ['build.mjs'], {
    cwd: join(ROOT, 'apps/server'),
    env: { ...process.env, SERVER_OUT_DIR: dir },
  });
  return {
    main: join(dir, 'main.js'),
    cli: join(dir, 'cli.js'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A minimal environment for a server or CLI process: nothing of the caller's database settings leaks in. */
export function serverEnv(overrides) {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    HOST: '127.0.0.1',
    PORT: '0',
    // debug: the "incoming request" lines the durability checks wait on.
    LOG_LEVEL: 'debug',
    ...overrides,
  };
}

/**
 * Starts `node main.js` and resolves once it listens (the port is read from Fastify's
 * "Server listening at" log line, so PORT=0 picks a free one). The returned object counts
 * "incoming request" log lines and can wait for any condition on them.
 */
export async function startServer(main, env, { label = 'server', timeoutMs = 30_000 } = {}) {
  const child = spawn(process.execPath, [main], { env: serverEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const events = new EventEmitter();
  const server = {
    child,
    label,
    url: undefined,
    incoming: 0,
    exit: undefined,
    log: [],
    stderr: '',
    exited: new Promise((resolvePromise) =>
      child.on('exit', (code, signal) => {
        server.exit = { code, signal };
        events.emit('change');
        resolvePromise({ code, signal });
      }),
    ),
    /** Resolves when predicate() holds; rejects at the deadline or when the process ends first. */
    waitFor(predicate, what, ms = timeoutMs) {
      return new Promise((resolvePromise, reject) => {
        const check = () => {
          let value;
          try {
            value = predicate();
          } catch (err) {
            done();
            reject(err);
            return;
          }
          if (value) {
            done();
            resolvePromise(value);
          } else if (server.exit) {
            done();
            reject(
              new Error(`${label} exited (${JSON.stringify(server.exit)}) before ${what}\n${tail(server)}`),
            );
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`${label}: timed out after ${ms} ms waiting for ${what}\n${tail(server)}`));
        }, ms);
        const done = () => {
          clearTimeout(timer);
          events.off('change', check);
        };
        events.on('change', check);
        check();
      });
    },
  };
  createInterface({ input: child.stdout }).on('line', (line) => {
    server.log.push(line);
    if (server.log.length > 200) server.log.shift();
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    const msg = typeof entry.msg === 'string' ? entry.msg : '';
    if (msg === 'incoming request') server.incoming++;
    const listening = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(msg);
    if (listening && !server.url) server.url = listening[1];
    events.emit('change');
  });
  child.stderr.on('data', (d) => {
    server.stderr = (server.stderr + String(d)).slice(-4000);
  });
  await server.waitFor(() => server.url, 'it listens');
  const health = await call(server.url, 'GET', '/api/health');
  if (health.status !== 200) throw new Error(`${label}: /api/health answered ${health.status}`);
  return server;
}

function tail(server) {
  return [...server.log.slice(-10), server.stderr].join('\n');
}

/** Sends a signal and waits for the process to end. */
export async function stopServer(server, signal = 'SIGTERM') {
  if (!server.exit) server.child.kill(signal);
  return server.exited;
}

/**
 * One HTTP request; resolves { status, body } (body parsed as JSON when it is), rejects on a network
 * error. With holdBodyUntil (a promise) the headers and half the body go out at once and the rest
 * once the promise resolves.
 */
export function call(base, method, path, { token, body, agent, holdBodyUntil } = {}) {
  return new Promise((resolvePromise, reject) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = {};
    if (data !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = data.length;
    }
    if (token) headers.authorization = `Bearer ${token}`;
    const request = http.request(new URL(path, base), { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (c) => chunks.push(c));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        resolvePromise({ status: response.statusCode ?? 0, body: parsed });
      });
    });
    request.on('error', reject);
    if (holdBodyUntil && data !== undefined) {
      const half = Math.floor(data.length / 2);
      request.flushHeaders();
      request.write(data.subarray(0, half));
      void holdBodyUntil.then(() => request.end(data.subarray(half)));
    } else {
      request.end(data);
    }
  });
}

/** Signs in with a demo account; resolves the token. */
export async function login(base, userId, options = {}) {
  const res = await call(base, 'POST', '/api/login', {
    ...options,
    body: { userId: String(userId), password: 'campus123' },
  });
  if (res.status !== 200 || typeof res.body?.token !== 'string') {
    throw new Error(`sign-in of ${userId} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return res.body.token;
}

export function formatSeconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
