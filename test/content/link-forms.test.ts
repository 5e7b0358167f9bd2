/**
 * Regressions of issue 25 on links: an href that looks like a path but leads to another site
 * (//host, /\host) passed as a page of the site. It is now refused wherever links come from
 * (navigation.yaml, redirects.yaml, image paths, article links, the rendered pages), each at its
 * file, line and column with what to write instead; and a broken internal link written in a YAML
 * file is reported at that file and line however the value is quoted.
 */
import { appendFile } from 'node:fs/promises';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SiteErrors, type SiteError } from '../../src/errors.ts';
import { inspectMarkdown, inspectTree, mayHoldFindings } from '../../src/markdown/markdown.ts';
import { isInternalHref, linkForm } from '../../src/schemas/links.ts';
import { pageLinks, verifyLinks } from '../../src/verify/links.ts';
import { editFile, runCli, stackTrace, throwawayProjects } from '../helpers.ts';

/** A copy of the project, removed after the tests. */
const project = throwawayProjects();

/** Runs `check`, expects exit 1 without an internal error or a stack; resolves to what it printed. */
async function checkFails(dir: string): Promise<string> {
  const result = await runCli(['check'], dir);
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).not.toContain('Internal error');
  expect(result.stderr).not.toMatch(stackTrace);
  return result.stderr;
}

const singleSlashHint = 'write a path of this site starting with a single "/"';
const eitherHint = 'write a full https:// address for another site';
const elsewhere = 'which browsers open on another site (evil.example)';

describe('the one decision of what a link is', () => {
  it('should call a link internal only when a single "/" starts it, followed by anything but "/" or "\\"', () => {
    const forms: [string, ReturnType<typeof linkForm>][] = [
      ['/', 'internal'],
      ['/process', 'internal'],
      ['/#about', 'internal'],
      ['//evil.example/x', 'other-host'],
      ['/\\evil.example', 'other-host'],
      ['\\\\evil.example', 'other-host'],
      ['\\/evil.example', 'other-host'],
      // Browsers drop tabs and newlines anywhere in an address, and spaces at its ends.
      ['/\t/evil.example', 'other-host'],
      [' //evil.example', 'other-host'],
      ['\\process', 'backslash'],
      ['https://example.com/', 'external'],
      ['mailto:hello@example.com', 'external'],
      ['#top', 'fragment'],
      ['process', 'relative'],
      ['../x', 'relative'],
    ];
    expect(forms.map(([href]) => [href, linkForm(href)])).toEqual(forms);
    expect(isInternalHref('//evil.example/x')).toBe(false);
  });
});

describe('protocol-relative and backslash links in YAML', () => {
  it('should refuse a protocol-relative link in navigation.yaml', async () => {
    const dir = await project();
    await editFile(dir, 'content/navigation.yaml', '    href: /process\n', '    href: //evil.example/x\n');
    const stderr = await checkFails(dir);
    expect(stderr).toContain(`content/navigation.yaml:6:11  "main #2 href" is //evil.example/x, ${elsewhere}`);
    expect(stderr).toContain(singleSlashHint);
    expect(stderr).not.toContain('is not a page of the site');
  });

  it('should refuse a backslash link in navigation.yaml at its file and line, however it is quoted', async () => {
    const dir = await project();
    await editFile(dir, 'content/navigation.yaml', '    href: /process\n', '    href: "/\\\\evil.example"\n');
    await editFile(dir, 'content/navigation.yaml', '    href: /blog\n', "    href: '\\process'\n");
    const stderr = await checkFails(dir);
    expect(stderr).toContain(`content/navigation.yaml:6:11  "main #2 href" is /\\evil.example, ${elsewhere}`);
    expect(stderr).toContain('content/navigation.yaml:12:11  "main #5 href" is \\process, which starts with a backslash');
  });

  it('should refuse a protocol-relative redirect in redirects.yaml, old address and new', async () => {
    const dir = await project();
    await writeFile(join(dir, 'content/redirects.yaml'), '- from: /old-page\n  to: //evil.example/x\n- from: //old-page\n  to: /process\n');
    const stderr = await checkFails(dir);
    expect(stderr).toContain('content/redirects.yaml:2:7  "#1 to" is //evil.example/x, which browsers open on another site (evil.example)');
    expect(stderr).toContain(`${eitherHint} (https://evil.example/x), or a path starting with a single "/" for a page here`);
    expect(stderr).toContain('content/redirects.yaml:3:9  "#2 from" is //old-page');
  });

  it('should refuse a protocol-relative picture path in site.yaml and in front matter', async () => {
    const dir = await project();
    await editFile(dir, 'content/site.yaml', 'socialImage: /images/og-image.png', 'socialImage: //evil.example/og.png');
    await editFile(dir, 'content/blog/hrt-glow-up.md', 'image: /images/blog/hrt-glow-up.png', 'image: //evil.example/x.png');
    const stderr = await checkFails(dir);
    expect(stderr).toContain('content/site.yaml:27:14  "socialImage" is //evil.example/og.png, which browsers open on another site');
    expect(stderr).toContain('content/blog/hrt-glow-up.md:9:8  "image" is //evil.example/x.png, which browsers open on another site');
  });
});

describe('protocol-relative links in articles and pages', () => {
  it('should refuse a protocol-relative link in an article at its line and column', async () => {
    const dir = await project();
    // Written plainly, with escaped slashes, and as a reference whose definition has a backslash.
    const links = '\nSee [this](//evil.example/x), [that](\\/\\/evil.example/e) and [more][r].\n\n[r]: /\\evil.example/ref\n';
    await appendFile(join(dir, 'content/blog/hrt-glow-up.md'), links);
    const stderr = await checkFails(dir);
    expect(stderr).toContain(`content/blog/hrt-glow-up.md:73:5  the link goes to //evil.example/x, ${elsewhere}`);
    expect(stderr).toContain(`${eitherHint} (https://evil.example/x)`);
    expect(stderr).toContain('content/blog/hrt-glow-up.md:73:31  the link goes to //evil.example/e');
    expect(stderr).toContain('content/blog/hrt-glow-up.md:75:1  the link goes to /\\evil.example/ref');
  });

  it('should parse every body that may hold such a link (the fast path must not skip it)', () => {
    const bodies = ['[a](//x.example)', '[a](</\\x.example>)', '[a](&#47;&#47;x.example)', '[a]: \\\\x.example\n\n[a]'];
    bodies.push('[a](/&#9;/x.example)');
    for (const body of bodies) {
      expect(mayHoldFindings(body, undefined), body).toBe(true);
      expect(inspectMarkdown(body).findings.map((f) => f.kind), body).toEqual(['ambiguous-link']);
      expect(inspectMarkdown(body), body).toEqual(inspectTree(body, {}));
    }
    expect(inspectMarkdown('[a](/process) and [b](https://example.com/)').findings).toEqual([]);
  });

  it('should refuse a protocol-relative link a template puts on a page, naming the pages', () => {
    const home = '<a href="//evil.example/x">x</a><img src="/\\evil.example/p.png"><a href="https://example.com/">ok</a>';
    const pages = [pageLinks('/', home), pageLinks('/process', '<a href="/">home</a>')];
    let errors: SiteError[] = [];
    try {
      verifyLinks(pages, []);
    } catch (error) {
      if (error instanceof SiteErrors) errors = error.errors;
    }
    expect(errors.map((e) => [e.code, e.message.split(',')[0]])).toEqual([
      ['ambiguous-link', 'the page / links to //evil.example/x'],
      ['ambiguous-link', 'the page / links to /\\evil.example/p.png'],
    ]);
  });
});

describe('broken internal links written in YAML', () => {
  it('should report a broken link from a YAML file at that file and line, however the value is quoted or escaped', async () => {
    const dir = await project();
    // The text "/proces" is nowhere in the file: only the parsed value is.
    await editFile(dir, 'content/navigation.yaml', '    href: /process\n', '    href: "/pro\\x63es"\n');
    const stderr = await checkFails(dir);
    expect(stderr).toMatch(/content\/navigation\.yaml:6:11 {2}the page \/ \(and \d+ more: [^)]*\) links to \/proces, which is not a page/);
    expect(stderr).toContain('which is not a page of the site  (did you mean /process?)');
  });
});
