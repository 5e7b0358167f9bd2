/**
 * The editor's doors in the dev server (issue 37): what a request must prove before it reads or changes a file, the host
 * names the server answers, the local backend answered in serve itself, renames, the names it writes, and bad requests.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretHeader } from '../../src/authoring/cms/session.ts';
import { serve, type DevServer } from '../../src/serve/server.ts';
import { deleteProblem, editorPlaces, entryProblem, pictureProblem, readProblem } from '../../src/serve/editor-requests.ts';
import { hostCheck } from '../../src/serve/hosts.ts';
import { removeProject, tempProject } from '../helpers.ts';

let dir: string;
let server: DevServer;
let secret: string;

beforeAll(async () => {
  dir = await tempProject();
  server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: () => undefined });
  // The editor's page holds the secret, as a page of this origin reads it.
  const page = await (await fetch(`${server.url}/admin/`)).text();
  secret = /"secret":"([\w-]+)"/.exec(page)![1]!;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await removeProject(dir);
});

/** What a raw request answers. */
interface Answer {
  status: number;
  body: string;
}

/** A raw HTTP request to the server, headers exactly as given (a browser on another site, or a rebinding page). */
function send(path: string, headers: Record<string, string | number>, body?: string | Buffer, method = 'POST'): Promise<Answer> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A request of the editor's own page: same origin, JSON, the secret. */
const ours = () => ({ Origin: server.url, 'Content-Type': 'application/json; charset=utf-8', [secretHeader]: secret });

/** Asks the local backend as the editor does. */
async function ask(action: string, params: object): Promise<{ status: number; json: Record<string, unknown> }> {
  const answer = await send('/admin/api/v1', ours(), JSON.stringify({ action, params: { branch: 'main', ...params } }));
  return { status: answer.status, json: JSON.parse(answer.body) as Record<string, unknown> };
}

const entry = (path: string, raw = 'title: x\n', newPath?: string) => ({
  dataFiles: [{ slug: 'x', path, raw, ...(newPath ? { newPath } : {}) }],
  assets: [],
  options: { commitMessage: 'm', useWorkflow: false, status: '' },
});

const exists = (file: string) => existsSync(join(dir, file));

describe('requests from other sites (issue 37, item 1)', () => {
  const script = Buffer.from('<script>alert(1)</script>').toString('base64');
  const attacks = [
    { action: 'persistEntry', params: entry('public/images/index.html', '<script>alert(1)</script>') },
    { action: 'deleteFile', params: { path: 'content/site.yaml' } },
    { action: 'persistMedia', params: { asset: { path: 'public/images/uploads/x.svg', content: script, encoding: 'base64' } } },
  ];

  it("should refuse a text/plain form post of another site that wrote public/images/index.html and deleted content/site.yaml", async () => {
    for (const attack of attacks) {
      const body = JSON.stringify(attack);
      const answer = await send('/admin/api/v1', { Origin: 'http://evil.example', 'Content-Type': 'text/plain' }, body);
      expect(answer.status).toBe(403);
      // Even with the JSON type and the origin a browser never lets another site send, the secret is missing.
      const forged = await send('/admin/api/v1', { Origin: server.url, 'Content-Type': 'application/json' }, body);
      expect(forged.status).toBe(403);
      expect(JSON.parse(forged.body)).toEqual({ error: expect.stringMatching(/reload the page/) });
    }
    expect(exists('public/images/index.html')).toBe(false);
    expect(exists('content/site.yaml')).toBe(true);
    expect(exists('public/images/uploads/x.svg')).toBe(false);
  });

  it('should refuse a request with the secret from another origin, or not in JSON', async () => {
    const body = JSON.stringify({ action: 'getEntry', params: { path: 'content/site.yaml' } });
    expect((await send('/admin/api/v1', { ...ours(), Origin: 'http://evil.example' }, body)).status).toBe(403);
    expect((await send('/admin/api/v1', { ...ours(), 'Content-Type': 'text/plain' }, body)).status).toBe(403);
    const { Origin: _origin, ...noOrigin } = ours();
    expect((await send('/admin/api/v1', noOrigin, body)).status).toBe(403);
    expect((await send('/admin/api/v1', { ...noOrigin, 'Sec-Fetch-Site': 'same-origin' }, body)).status).toBe(200);
  });

  it('should refuse reads (getEntry leaked project files) and previews without the secret', async () => {
    const read = JSON.stringify({ action: 'getEntry', params: { path: 'content/site.yaml' } });
    const answer = await send('/admin/api/v1', { Origin: server.url, 'Content-Type': 'application/json' }, read);
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain('phone');
    const preview = JSON.stringify({ file: 'content/site.yaml', text: 'x', page: '/' });
    expect((await send('/admin/preview', { Origin: 'http://evil.example', 'Content-Type': 'text/plain' }, preview)).status).toBe(403);
    expect((await send('/admin/preview', { Origin: server.url, 'Content-Type': 'application/json' }, preview)).status).toBe(403);
  });

  it("should answer the editor's own requests", async () => {
    expect(await ask('info', {})).toEqual({ status: 200, json: { repo: expect.any(String), publish_modes: ['simple'], type: 'local_fs' } });
    const site = await ask('getEntry', { path: 'content/site.yaml' });
    expect(site.json).toEqual({
      data: await readFile(join(dir, 'content/site.yaml'), 'utf8'),
      file: { path: 'content/site.yaml', id: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
  });
});

describe('requests addressed to another host name (issue 37, item 2)', () => {
  it('should answer 421 to Host: evil.example everywhere (DNS rebinding read config.json, site.yaml, / and the events)', async () => {
    for (const path of ['/', '/admin/', '/admin/config.json', '/__clinic/events', '/admin/api/v1']) {
      const answer = await send(path, { Host: 'evil.example' }, undefined, 'GET');
      expect(answer.status, path).toBe(421);
      expect(answer.body, path).toMatch(/^This server answers only at its own addresses.*\n$/);
    }
    const read = JSON.stringify({ action: 'getEntry', params: { path: 'content/site.yaml' } });
    const rebound = await send('/admin/api/v1', { ...ours(), Host: 'evil.example', Origin: 'http://evil.example' }, read);
    expect(rebound.status).toBe(421);
  });

  it('should answer localhost, 127.0.0.1 and [::1] on any port', async () => {
    for (const host of ['localhost', 'localhost:4321', '127.0.0.1:9', '[::1]:80', 'LOCALHOST']) {
      expect((await send('/', { Host: host }, undefined, 'GET')).status, host).toBe(200);
    }
    for (const host of ['evil.example:80', 'localhost.evil.example', '127.0.0.1.nip.io', 'localhost:80:80', 'a@localhost']) {
      expect((await send('/', { Host: host }, undefined, 'GET')).status, host).toBe(421);
    }
  });

  it("should answer, listening everywhere (--host), the computer's own addresses and no other name", () => {
    const everywhere = hostCheck('0.0.0.0');
    const at = (host: string) => everywhere({ headers: { host } } as never);
    const own = execFileSync('hostname', ['-I'], { encoding: 'utf8' }).trim().split(/\s+/).filter((a) => /^\d+\./.test(a));
    for (const address of own) expect(at(`${address}:4321`), address).toBe(true);
    expect(at('localhost:4321')).toBe(true);
    expect(at('evil.example:4321')).toBe(false);
    expect(hostCheck('192.0.2.7')({ headers: { host: '192.0.2.7:80' } } as never)).toBe(true);
  });
});

describe("the local backend, answered by serve itself (issue 37, item 3)", () => {
  it('should start no decap-server (a second door on its own port, without the secret)', async () => {
    await ask('entriesByFolder', { folder: 'content/treatments', extension: 'yaml', depth: 1 });
    const children = (() => {
      try {
        return execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
      } catch {
        return ''; // no child process at all
      }
    })();
    expect(children).not.toMatch(/decap-server/);
    const pkg = JSON.parse(await readFile(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { dependencies: object };
    expect(Object.keys(pkg.dependencies)).not.toContain('decap-server');
  });

  it('should list a folder as Decap reads it, and refuse files outside content/ and public/images/ (.git/config)', async () => {
    const listed = await ask('entriesByFolder', { folder: 'content/treatments', extension: 'yaml', depth: 1 });
    const files = (await readdir(join(dir, 'content/treatments'))).filter((f) => f.endsWith('.yaml'));
    expect((listed.json as unknown as { file: { path: string } }[]).map((e) => e.file.path).sort()).toEqual(
      files.map((f) => `content/treatments/${f}`).sort(),
    );
    expect((await ask('getEntry', { path: '.git/config' })).status).toBe(422);
    expect((await ask('getEntry', { path: 'content/../package.json' })).status).toBe(422);
    expect((await ask('getMediaFile', { path: 'templates/index.tsx' })).status).toBe(422);
  });

  it('should refuse a write through a link in content/ or public/images/ to templates/ (content/tpl → ../templates)', async () => {
    await symlink('../templates', join(dir, 'content/tpl'));
    expect((await ask('persistEntry', entry('content/tpl/x.tsx', 'export {}'))).status).toBe(422);
    // A folder the editor uploads pictures to, made a link to templates/: the name is right, the real place is not.
    await symlink('../../templates', join(dir, 'public/images/uploads'));
    const asset = { path: 'public/images/uploads/probe.png', content: 'iVBORw0KGgo=', encoding: 'base64' };
    const answer = await ask('persistMedia', { asset });
    expect(answer).toEqual({ status: 422, json: { error: 'public/images/uploads/probe.png leads outside content/ and public/images/' } });
    expect(exists('templates/probe.png')).toBe(false);
    expect(exists('templates/x.tsx')).toBe(false);
  });
});

describe('renaming an entry (issue 37, item 4)', () => {
  it('should move the entry and its translation only (content/treatments/ssri.yaml moved all 56 files of the folder)', async () => {
    const before = (await readdir(join(dir, 'content/blog'))).length;
    const raw = await readFile(join(dir, 'content/blog/burnout-and-energy.md'), 'utf8');
    const spanish = await readFile(join(dir, 'content/blog/burnout-and-energy.es.md'), 'utf8');
    const answer = await ask('persistEntry', entry('content/blog/burnout-and-energy.md', raw, 'content/blog/burnout-renamed.md'));
    expect(answer.status).toBe(200);
    expect(await readFile(join(dir, 'content/blog/burnout-renamed.md'), 'utf8')).toBe(raw);
    expect(await readFile(join(dir, 'content/blog/burnout-renamed.es.md'), 'utf8')).toBe(spanish);
    expect(exists('content/blog/burnout-and-energy.md') || exists('content/blog/burnout-and-energy.es.md')).toBe(false);
    expect((await readdir(join(dir, 'content/blog'))).length).toBe(before);
  });

  it('should not write an article saved with a TODO left in its text, and name its Text field (issue 40: "Published" was shown)', async () => {
    const file = 'content/blog/body-composition-scanning.md';
    const before = await readFile(join(dir, file), 'utf8');
    const answer = await ask('persistEntry', entry(file, `${before.trimEnd()} TODO add the price.\n`));
    expect(answer.status).toBe(422);
    // After Decap's "Not saved: ", what went wrong and what to do (Decap showed "API_ERROR: Not saved, …" alone: issue 40).
    const refused = /^the site would not build with this change, so it stays as it was: "TODO" is placeholder text .*\. What to do: finish/;
    expect(answer.json.error).toMatch(refused);
    expect(answer.json.problems).toEqual([expect.objectContaining({ file, field: 'body', message: '"TODO" is placeholder text that would be published' })]);
    expect(await readFile(join(dir, file), 'utf8')).toBe(before);
  });

  it('should refuse, moving nothing, a rename the site would not build with (a treatment its pages name)', async () => {
    const before = await readdir(join(dir, 'content/treatments'));
    const raw = await readFile(join(dir, 'content/treatments/ssri.yaml'), 'utf8');
    const answer = await ask('persistEntry', entry('content/treatments/ssri.yaml', raw, 'content/treatments/ssri-renamed.yaml'));
    expect(answer.status).toBe(422);
    expect(answer.json.error).toMatch(/^the site would not build with this change, so it stays as it was: /);
    expect(JSON.stringify(answer.json.problems)).toContain('ssri');
    expect(await readdir(join(dir, 'content/treatments'))).toEqual(before);
  });

  it('should refuse a rename into another folder (content/site.yaml to public/images/leak/ emptied content/)', async () => {
    const raw = await readFile(join(dir, 'content/treatments/metformin.yaml'), 'utf8');
    for (const [from, to] of [
      ['content/treatments/metformin.yaml', 'content/zz-renamed/metformin.yaml'],
      ['content/treatments/metformin.yaml', 'content/programs/metformin.yaml'],
      ['content/site.yaml', 'public/images/leak/site.yaml'],
      ['content/site.yaml', 'content/site-2.yaml'],
    ]) {
      expect((await ask('persistEntry', entry(from!, raw, to))).status, to).toBe(422);
      expect(exists(to!), to).toBe(false);
    }
    expect(exists('content/site.yaml') && exists('content/treatments/metformin.yaml')).toBe(true);
    expect((await ask('persistEntry', entry('content/treatments/metformin.yaml', raw, 'content/treatments/bupropion.yaml'))).status)
      .toBe(409);
  });
});

describe('the names the editor writes (issue 37, item 5)', () => {
  const places = editorPlaces();

  it('should refuse an entry that is not a slug of its collection (public/images/index.html, .clinic-site-output, %2e%2e)', async () => {
    for (const path of [
      'public/images/index.html',
      'public/images/.clinic-site-output',
      'content/.clinic-site-output',
      'content/%2e%2e/src/x.yaml',
      'content/treatments/New Treatment.yaml',
      'content/treatments/x.md',
      'content/treatments/sub/x.yaml',
      'content/blog/x.yaml',
      'content/not-a-page.yaml',
      'bin/x.yaml',
    ]) {
      expect((await ask('persistEntry', entry(path))).status, path).toBe(422);
      expect(exists(path), path).toBe(false);
    }
    expect(await readdir(join(dir, 'content'))).not.toContain('%2e%2e');
  });

  it("should take entries of the collections, their translations, the single files and pictures in the editor's folders", () => {
    for (const path of ['content/site.yaml', 'content/redirects.yaml', 'content/treatments/vitamin-d.yaml', 'content/blog/a-b.md']) {
      expect(entryProblem(places, path), path).toBeUndefined();
    }
    expect(entryProblem(places, 'content/treatments/ssri.es.yaml')).toBeUndefined();
    for (const path of ['public/images/providers/dr-lee.jpg', 'content/blog/my-photo.png', 'public/images/uploads/a_b.webp']) {
      expect(pictureProblem(places, path), path).toBeUndefined();
    }
    for (const path of ['public/images/x.svg', 'public/images/providers/My Photo.JPG', 'public/images/new/x.png', 'content/x.png']) {
      expect(pictureProblem(places, path), path).toMatch(/safe file name|not a folder/);
    }
    expect(readProblem('content/.git/config')).toMatch(/not allowed/);
    expect(deleteProblem(places, 'content/site.yaml')).toMatch(/cannot be deleted/);
    expect(deleteProblem(places, 'content/treatments/ssri.yaml')).toBeUndefined();
  });

  it('should refuse deleting a single file, and uploads of a script (SVG) or with an unsafe name', async () => {
    expect((await ask('deleteFiles', { paths: ['content/site.yaml'] })).status).toBe(422);
    const svg = { path: 'public/images/providers/x.svg', content: 'PHN2Zz4=', encoding: 'base64' };
    expect((await ask('persistMedia', { asset: svg })).status).toBe(422);
    const named = { path: 'public/images/providers/.htaccess.png', content: 'iVBORw0KGgo=', encoding: 'base64' };
    expect((await ask('persistMedia', { asset: named })).status).toBe(422);
    expect(exists('content/site.yaml')).toBe(true);
  });

  it('should make a folder a collection has and does not have yet, and write a picture into it', async () => {
    await mkdir(join(dir, 'public/images/inbody'), { recursive: true });
    const asset = { path: 'public/images/inbody/scan-1.png', content: 'iVBORw0KGgo=', encoding: 'base64' };
    const saved = await ask('persistMedia', { asset });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ path: asset.path, name: 'scan-1.png', content: asset.content, encoding: 'base64' });
  });
});

describe('bad requests of the editor (issue 37, item 6)', () => {
  const preview = (body: string | Buffer, headers = {}) => send('/admin/preview', { ...ours(), ...headers }, body);

  it('should answer 400 with one line to malformed JSON, an empty body or null (500 "Internal error")', async () => {
    for (const body of ['{', '', 'null', '[]', '"x"']) {
      const answer = await preview(body);
      expect(answer.status, body).toBe(400);
      const { errors } = JSON.parse(answer.body) as { errors: { message: string }[] };
      expect(errors[0]!.message, body).toMatch(/^the request is not (JSON|a JSON object)$/);
      expect((await send('/admin/api/v1', ours(), body)).status, body).toBe(400);
    }
  });

  it('should answer 400 to a preview of the entry path "content" (500 "Unknown error")', async () => {
    const answer = await preview(JSON.stringify({ file: 'content', text: 'x', page: '/' }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/works only in content\/ and public\/images\/, not content"/);
  });

  it('should answer 413 to a 61 MB body before reading it (500), and stop reading a body past the limit', async () => {
    const url = new URL(server.url);
    const answer = await new Promise<number>((resolve, reject) => {
      const headers = { ...ours(), 'Content-Length': 61 * 2 ** 20 };
      const req = request({ host: url.hostname, port: url.port, path: '/admin/preview', method: 'POST', headers }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      // Only the start of the body is sent: the answer comes without the rest.
      req.write('{"file":');
    });
    expect(answer).toBe(413);
    const streamed = await new Promise<number>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: '/admin/api/v1', method: 'POST', headers: ours() }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      // Sent in chunks with no length: 51 MB, then the request waits.
      const chunk = Buffer.alloc(2 ** 20, 0x20);
      for (let i = 0; i < 51; i++) req.write(chunk);
    });
    expect(streamed).toBe(413);
  });

  it('should answer an unknown action with 422 and JSON, as Decap reads it', async () => {
    expect(await ask('publishUnpublishedEntry', { collection: 'blog', slug: 'x' })).toEqual({
      status: 422,
      json: { error: 'the editor does not use the action publishUnpublishedEntry' },
    });
  });
});
