/**
 * Links in an article written without a leading "/", a bare "%" and %-escapes that are not UTF-8, each run through the
 * real CLI on a copy of the project: each must end in a located message with what to do, never "Internal error" or a stack.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SiteErrors } from '../../src/errors.ts';
import { pageLinks, verifyLinks } from '../../src/verify/links.ts';
import { editFile, removeProject, runCli, tempProject } from '../helpers.ts';

const stack = /\n\s+at .+:\d+:\d+\)?\n/;
const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.splice(0).map(removeProject));
});

async function project(): Promise<string> {
  const dir = await tempProject();
  made.push(dir);
  return dir;
}

/** Runs `check` and expects exit 1 without an internal error; resolves to what it printed. */
async function checkFails(dir: string, runner = runCli): Promise<string> {
  const result = await runner(['check'], dir);
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).not.toContain('Internal error');
  expect(result.stderr).not.toMatch(stack);
  return result.stderr;
}

describe('links without a leading "/"', () => {
  it('should follow a relative link from the page it is on and report a broken one at its line in the article', async () => {
    const dir = await project();
    await editFile(dir, 'content/blog/hrt-glow-up.md', /$/, '\n\nSee [nothing](nonexistent-page) and [our process](process).\n');
    const stderr = await checkFails(dir);
    expect(stderr).toMatch(
      /content\/blog\/hrt-glow-up\.md:\d+:\d+ +the page \/blog\/hrt-glow-up\/ links to nonexistent-page, which from that page leads to \/blog\/hrt-glow-up\/nonexistent-page, not a page of the site/,
    );
    expect(stderr).toMatch(/content\/blog\/hrt-glow-up\.md:\d+:\d+ +the page \/blog\/hrt-glow-up\/ links to process, which from that page leads to \/blog\/hrt-glow-up\/process, not a page of the site +\(did you mean \/process\?/);
  });

  // A //host link is refused since issue 25 (test/content/link-forms.test.ts): it looks like a path but leads to another site.
  it('should still accept relative links that lead somewhere, mailto:, tel:, sms:, http(s):, #anchors and ./photo.png', async () => {
    const dir = await project();
    cpSync(join(dir, 'public/images/blog/hrt-glow-up.png'), join(dir, 'content/blog/glow.png'));
    const links = [
      '[sibling](../why-we-started/)',
      '[same page](?ref=1#main)',
      '[up](../../process)',
      '[mail](mailto:hello@example.com)',
      '[call](tel:5550100142)',
      '[text](sms:5550100142)',
      '[web](https://www.example.org/x)',
      '[plain](http://www.example.org/x)',
      '[top](#main)',
      '![A body composition scan](./glow.png)',
    ];
    await editFile(dir, 'content/blog/hrt-glow-up.md', /$/, `\n\n${links.join('\n\n')}\n`);
    const result = await runCli(['check'], dir);
    expect(result.code, result.stderr).toBe(0);
  });

  it('should resolve a relative href against the page as a folder, as the browser does at its canonical address', () => {
    const pages = [pageLinks('/blog/a/', '<a href="../b/">b</a><a href="b">x</a><main id="m"></main>'), pageLinks('/blog/b/', '<a href="../a/#m">a</a>'), pageLinks('/blog/a/b', '')];
    expect(() => verifyLinks(pages, [])).not.toThrow();
    try {
      verifyLinks([...pages, pageLinks('/process', '<a href="blog">x</a><a href="../blog/a/#nope">y</a>')], []);
      throw new Error('expected failure');
    } catch (error) {
      expect((error as SiteErrors).errors.map((e) => e.message)).toEqual([
        'the page /process links to blog, which from that page leads to /process/blog, not a page of the site',
        'the page /process links to ../blog/a/#nope, but no element has that id',
      ]);
    }
  });
});

describe('links with a "%" that is no escape, or escapes that are no text', () => {
  it('should report /process% in an article at its line as a "%" not followed by two hexadecimal digits', async () => {
    const dir = await project();
    await editFile(dir, 'content/blog/hrt-glow-up.md', /$/, '\n\nSee [the process](/process%).\n');
    const stderr = await checkFails(dir);
    expect(stderr).toMatch(/content\/blog\/hrt-glow-up\.md:\d+:\d+ +the page \/blog\/hrt-glow-up\/ links to \/process%, but a "%" in it is not followed by two hexadecimal digits/);
    expect(stderr).not.toContain('links to /process%25');
  });

  it('should say that /%E0%A4 does not spell valid UTF-8 text, not that a "%" lacks its two hexadecimal digits', async () => {
    const dir = await project();
    await editFile(dir, 'content/blog/hrt-glow-up.md', /$/, '\n\nSee [this](/%E0%A4) and [that](#%E0%A4).\n');
    const stderr = await checkFails(dir);
    expect(stderr).toMatch(/content\/blog\/hrt-glow-up\.md:\d+:\d+ +the page \/blog\/hrt-glow-up\/ links to \/%E0%A4, but its %-escapes do not spell valid UTF-8 text/);
    expect(stderr).toMatch(/content\/blog\/hrt-glow-up\.md:\d+:\d+ +the page \/blog\/hrt-glow-up\/ links to #%E0%A4, but its %-escapes do not spell valid UTF-8 text/);
    expect(stderr).not.toContain('not followed by two hexadecimal digits');
  });
});

