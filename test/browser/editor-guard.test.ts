/**
 * The editor's guard in Chromium: a page of another origin (another port of 127.0.0.1) tries what a page of any site could
 * (issue 37: a text/plain form and a no-cors fetch wrote public/images/index.html and deleted content/site.yaml), and a
 * rebinding page's request arrives under another host name: nothing changes on disk.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type DevServer } from '../../src/serve/server.ts';
import { removeProject, snapshot, tempProject } from '../helpers.ts';
import { launchChromium } from './static-server.ts';

let dir: string;
let server: DevServer;
let browser: Browser;
let other: Server;
let otherOrigin: string;

/** The page of the other site: no-cors fetches, a CORS fetch that asks for the secret's header, then a text/plain form. */
function attackPage(api: string): string {
  const write = { action: 'persistEntry', params: { branch: 'main', dataFiles: [{ slug: 'x', path: 'public/images/index.html',
    raw: '<script>alert(1)</script>' }], assets: [], options: { commitMessage: 'm', useWorkflow: false, status: '' } } };
  const remove = { action: 'deleteFile', params: { branch: 'main', path: 'content/site.yaml', options: { commitMessage: 'm' } } };
  // A form sends `name=value`: the name holds the JSON up to a string that swallows the "=" and the value.
  const formName = JSON.stringify({ ...remove, params: { ...remove.params, path: 'content/navigation.yaml' } }).slice(0, -1) + ',"x":"';
  const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;');
  // A script's text as JavaScript in the page (its "</script>" would end the page's script).
  const js = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `<!doctype html><title>another site</title>
<form id="form" method="POST" action="${api}" enctype="text/plain"><input name='${attr(formName)}' value='"}'></form>
<script>
const api = ${js(api)};
const tries = [
  fetch(api, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: ${js(JSON.stringify(write))} }),
  fetch(api, { method: 'POST', mode: 'no-cors', body: ${js(JSON.stringify(remove))} }),
  fetch(api, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Clinic-Site-Editor': 'guess' },
    body: ${js(JSON.stringify(remove))} }),
];
Promise.allSettled(tries).then((done) => {
  document.title = done.map((d) => d.status).join(' ');
  document.getElementById('form').submit();
});
</script>`;
}

beforeAll(async () => {
  dir = await tempProject();
  server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: () => undefined });
  other = createServer((_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(attackPage(`${server.url}/admin/api/v1`));
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => other?.close(resolve));
  await server?.close();
  await removeProject(dir);
});

describe("the editor's guard against other sites", () => {
  it('should change nothing on disk for a no-cors fetch and a text/plain form of a page on another origin', async () => {
    const before = await snapshot(dir);
    const page = await (await browser.newContext()).newPage();
    const answers: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/admin/api/v1')) answers.push(response.status());
    });
    const submitted = page.waitForURL(`${server.url}/admin/api/v1`, { timeout: 60_000 });
    await page.goto(otherOrigin);
    await submitted;
    // Both no-cors fetches and the form reached the server and were refused; the CORS fetch never passed its preflight.
    await expect.poll(() => answers.filter((status) => status === 403).length, { timeout: 30_000 }).toBe(3);
    expect(answers.filter((status) => status < 400)).toEqual([]);
    expect(await page.content()).toContain('the editor answers only its own page');
    expect(await snapshot(dir)).toEqual(before);
    await page.context().close();
  }, 120_000);

  it('should answer a request under a rebinding host name with 421 and change nothing', async () => {
    const before = await snapshot(dir);
    const url = new URL(server.url);
    const body = JSON.stringify({ action: 'deleteFile', params: { path: 'content/site.yaml' } });
    const status = await new Promise<number>((resolve, reject) => {
      const headers = { Host: 'evil.example', Origin: 'http://evil.example', 'Content-Type': 'application/json' };
      const req = request({ host: url.hostname, port: url.port, path: '/admin/api/v1', method: 'POST', headers }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(421);
    expect(await snapshot(dir)).toEqual(before);
  });
});
