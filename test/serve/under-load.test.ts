/** The dev server under load: `clinic-site serve` in a process of its own, 200 keep-alive connections from this one. */
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot, removeProject, tempProject } from '../helpers.ts';

let dir: string;
let child: ChildProcess | undefined;
let port: number;

beforeAll(async () => {
  dir = await tempProject();
  const cli = join(projectRoot, 'bin', 'clinic-site.js');
  const started = spawn(process.execPath, [cli, 'serve', '--port', '0'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
  child = started;
  port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start within 60 s:\n${output}`)), 60_000);
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /serving http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (!found) return;
      clearTimeout(timer);
      resolve(Number(found[1]));
    };
    started.stdout.on('data', take);
    started.stderr.on('data', take);
    started.on('exit', (code) => reject(new Error(`serve exited ${code}:\n${output}`)));
  });
});
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await removeProject(dir);
});

/** One page, read whole with Node's own client: what every answer under load must be. */
function fetchBody(path: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${path}: ${res.statusCode}`))));
    }).on('error', reject);
  });
}

/**
 * Splits one HTTP/1.1 response off the front of `data` (Content-Length or chunked); while it is incomplete, how many
 * bytes it needs at least. A raw socket rather than http.request: Node's client is too slow to load the server as wrk does.
 */
function takeResponse(data: Buffer): { status: number; body: Buffer; rest: Buffer } | number {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return data.length + 1;
  const head = data.subarray(0, end).toString('latin1');
  const status = Number(head.slice(9, 12));
  let at = end + 4;
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length) {
    const stop = at + Number(length[1]);
    return data.length < stop ? stop : { status, body: data.subarray(at, stop), rest: data.subarray(stop) };
  }
  const chunks: Buffer[] = [];
  for (;;) {
    const line = data.indexOf('\r\n', at);
    if (line < 0) return data.length + 1;
    const size = parseInt(data.subarray(at, line).toString('latin1'), 16);
    if (Number.isNaN(size) || data.length < line + 4 + size) return Math.max(data.length + 1, line + 4 + (size || 0));
    chunks.push(data.subarray(line + 2, line + 2 + size));
    at = line + 4 + size;
    if (size === 0) return { status, body: Buffer.concat(chunks), rest: data.subarray(at) };
  }
}

/** What a load run saw. */
interface LoadResult {
  responses: number;
  wrong: string[];
  errors: string[];
  timeouts: number;
  worstMs: number;
  connectionsServed: number;
}

/**
 * Opens `connections` keep-alive connections, half at once and half `lateMs` later, while the first half keeps the
 * server busy (new connections wait for the server to accept them: that is where time-outs came from). Each asks for
 * the pages in turn, one request at a time, until `durationMs` have passed; a request not answered within `timeoutMs`
 * is a time-out (wrk's default is 2 s).
 */
function load(pages: Map<string, Buffer>, connections: number, options: { durationMs: number; lateMs: number; timeoutMs: number }) {
  const result: LoadResult = { responses: 0, wrong: [], errors: [], timeouts: 0, worstMs: 0, connectionsServed: 0 };
  const paths = [...pages.keys()];
  const stopAt = performance.now() + options.durationMs;
  const one = (index: number) =>
    new Promise<void>((done) => {
      const socket = connect(port, '127.0.0.1');
      let chunks: Buffer[] = [];
      let received = 0;
      let needed = 1;
      let sentAt = 0;
      let count = 0;
      let path = '';
      const timer = setTimeout(() => {
        result.timeouts++;
        socket.destroy();
        done();
      }, options.timeoutMs);
      const ask = () => {
        path = paths[(index + count) % paths.length]!;
        sentAt = performance.now();
        timer.refresh();
        socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      };
      socket.on('connect', ask);
      socket.on('error', (error) => {
        result.errors.push(error.message);
        clearTimeout(timer);
        done();
      });
      socket.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received < needed) return;
        const data = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
        const response = takeResponse(data);
        if (typeof response === 'number') {
          [chunks, needed] = [[data], response];
          return;
        }
        [chunks, received, needed] = [response.rest.length > 0 ? [response.rest] : [], response.rest.length, 1];
        result.worstMs = Math.max(result.worstMs, performance.now() - sentAt);
        result.responses++;
        if (count++ === 0) result.connectionsServed++;
        const right = response.status === 200 && response.body.equals(pages.get(path)!);
        if (!right) result.wrong.push(`${path}: ${response.status}, ${response.body.length} bytes`);
        if (performance.now() < stopAt) return ask();
        clearTimeout(timer);
        socket.end();
        done();
      });
    });
  const early = Array.from({ length: connections / 2 }, (_, index) => one(index));
  const late = new Promise<void>((resolve) => setTimeout(resolve, options.lateMs)).then(() =>
    Promise.all(Array.from({ length: connections / 2 }, (_, index) => one(index))),
  );
  return Promise.all([...early, late]).then((): LoadResult => result);
}

/** Sockets that send a request's headers a few bytes at a time (slowloris), to prove they hold no one else up. */
function slowClients(count: number, durationMs: number): () => void {
  const line = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';
  const sockets = Array.from({ length: count }, () => connect(port, '127.0.0.1').on('error', () => undefined));
  let sent = 0;
  const drip = setInterval(() => {
    for (const socket of sockets) if (!socket.destroyed) socket.write(sent < line.length ? line[sent]! : 'a');
    sent++;
  }, Math.max(50, durationMs / 100));
  return () => {
    clearInterval(drip);
    for (const socket of sockets) socket.destroy();
  };
}

describe('serve under load', () => {
  it('should serve 200 concurrent connections without a time-out', async () => {
    const pages = new Map<string, Buffer>();
    // The largest pages: their cost per request is what held new connections back.
    for (const path of ['/', '/blog/', '/blog/why-we-started/', '/process']) pages.set(path, await fetchBody(path));
    expect(pages.get('/')!.toString()).toContain('<script src="/__clinic/client.js" defer></script>');
    const stopSlow = slowClients(20, 3000);
    const result = await load(pages, 200, { durationMs: 3000, lateMs: 500, timeoutMs: 2000 }).finally(stopSlow);
    const seen = `${result.responses} responses, worst ${Math.round(result.worstMs)} ms`;
    expect(result.errors, seen).toEqual([]);
    expect(result.timeouts, seen).toBe(0);
    expect(result.wrong.slice(0, 5), seen).toEqual([]);
    expect(result.connectionsServed, seen).toBe(200);
  }, 20_000);
});
