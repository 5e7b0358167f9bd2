/**
 * `serve` killed outright (kill -9) after the editor was used: no process of its own is left (decap-server was, re-parented
 * to PID 1 and still answering), nor its preview's temporary folder; a folder left all the same goes at the next start.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { secretHeader } from '../../src/authoring/cms/session.ts';
import { projectRoot, throwawayProjects } from '../helpers.ts';

const project = throwawayProjects();
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Starts the real CLI's `serve --port 0` in `dir`; resolves once it printed its address. */
function startServe(dir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(projectRoot, 'bin', 'clinic-site.js'), 'serve', '--port', '0'], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const url = /serving (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ child, url });
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`serve ended (${code}) before it served: ${out}`)));
  });
}

/** Every process descended from `pid` (from /proc: parent ids), with `pid` itself. */
function family(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    const stat = (() => {
      try {
        return readFileSync(`/proc/${name}/stat`, 'utf8');
      } catch {
        return '';
      }
    })();
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid) parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
  }
  const found = [pid];
  for (let i = 0; i < found.length; i++) found.push(...(parents.get(found[i]!) ?? []));
  return found;
}

/** Whether a process still runs (a zombie waiting for its new parent to reap it has ended). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

const previewsOf = (pid: number) => readdirSync(tmpdir()).filter((name) => name.startsWith(`clinic-site-preview-${pid}-`));

/** Opens the editor's page, builds a preview of an unsaved phone number and reads an entry through the backend. */
async function useEditor(url: string, dir: string): Promise<void> {
    const page = await (await fetch(`${url}/admin/`)).text();
    const secret = /"secret":"([\w-]+)"/.exec(page)![1]!;
    const headers = { Origin: url, 'Content-Type': 'application/json', [secretHeader]: secret };
    const site = readFileSync(join(dir, 'content/site.yaml'), 'utf8');
    const preview = await fetch(`${url}/admin/preview`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ file: 'content/site.yaml', text: site.replace(/^phone: .*$/m, 'phone: (555) 010-0199'), page: '/' }),
    });
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as { html: string }).html).toContain('(555) 010-0199');
    const entry = await fetch(`${url}/admin/api/v1`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ action: 'getEntry', params: { branch: 'main', path: 'content/site.yaml' } }),
    });
    expect(((await entry.json()) as { data: string }).data).toBe(site);
}

describe('serve killed with SIGKILL after the editor was used', () => {
  it('should leave no process (decap-server kept answering) and no preview folder behind', async () => {
    const dir = await project();
    const { child, url } = await startServe(dir);
    await useEditor(url, dir);
    const pid = child.pid!;
    expect(previewsOf(pid)).toHaveLength(1);
    const processes = family(pid);
    // serve and its own: the watcher's process, esbuild's service.
    expect(processes.length).toBeGreaterThan(1);

    child.kill('SIGKILL');
    await expect.poll(() => processes.filter(alive), { timeout: 30_000 }).toEqual([]);
    expect(previewsOf(pid)).toEqual([]);
  }, 180_000);

  it('should have the next serve remove a preview folder a killed server left (its keeper killed with it)', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    const stale = join(tmpdir(), `clinic-site-preview-${dead}-left`);
    mkdirSync(join(stale, 'content'), { recursive: true });
    const dir = await project();
    const next = await startServe(dir);
    await expect.poll(() => existsSync(stale), { timeout: 30_000 }).toBe(false);
    // A server stopped as Ctrl+C or the system stops it removes its own preview folder, and its keeper ends.
    await useEditor(next.url, dir);
    expect(previewsOf(next.child.pid!)).toHaveLength(1);
    const processes = family(next.child.pid!);
    next.child.kill('SIGTERM');
    await expect.poll(() => processes.filter(alive), { timeout: 30_000 }).toEqual([]);
    expect(previewsOf(next.child.pid!)).toEqual([]);
  }, 120_000);
});
