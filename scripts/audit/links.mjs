/**
 * Links: every internal URL of every page resolves (file and `#fragment`), and every external
 * link is https: and opens in a new tab with rel="noopener noreferrer".
 */
import { load } from 'cheerio';
import { readFile } from 'node:fs/promises';
import { fileForPath } from './site.mjs';

const local = 'http://audit.invalid';

/** The URLs an element points at: `[attribute, url]` pairs (srcset lists several). */
function urlsOf($, element) {
  const found = [];
  for (const attribute of ['href', 'src', 'action', 'poster', 'data']) {
    const value = $(element).attr(attribute);
    if (value !== undefined) found.push([attribute, value.trim()]);
  }
  for (const attribute of ['srcset', 'imagesrcset']) {
    const value = $(element).attr(attribute);
    if (value) for (const candidate of value.split(',')) found.push([attribute, candidate.trim().split(/\s+/)[0]]);
  }
  const property = $(element).attr('property') ?? $(element).attr('name');
  if (element.tagName === 'meta' && /^(og:(url|image)|twitter:image)$/.test(property ?? '')) found.push(['content', $(element).attr('content')?.trim() ?? '']);
  return found;
}

/** Ids in a page, memoised by file. */
function idsLoader() {
  const cache = new Map();
  return async (file) => {
    if (!cache.has(file)) {
      const $ = load(await readFile(file, 'utf8'));
      cache.set(file, new Set($('[id]').map((_, el) => $(el).attr('id')).get().concat($('a[name]').map((_, el) => $(el).attr('name')).get())));
    }
    return cache.get(file);
  };
}

/**
 * Checks the links of `site.pages`; resolves to `{ findings, notes }`, each `{ route, element, url, problem }`.
 * Notes: links to a folder without its trailing slash, which GitHub Pages, Cloudflare Pages and S3
 * website hosting answer with a redirect to the slashed address (the sitemap's and canonical form).
 */
export async function checkLinks(site) {
  const idsOf = idsLoader();
  const findings = [];
  const notes = [];
  for (const page of site.pages) {
    const $ = load(page.html);
    const pageUrl = new URL(page.path, local);
    const add = (element, url, problem) => findings.push({ route: page.route, element: $.html(element).replace(/>[\s\S]*$/, '>').slice(0, 200), url, problem });
    for (const element of $('a, area, link, img, source, script, iframe, form, video, audio, object, meta').toArray()) {
      for (const [attribute, raw] of urlsOf($, element)) {
        if (raw === '') {
          add(element, raw, `empty ${attribute}`);
          continue;
        }
        let url;
        try {
          url = new URL(raw, pageUrl);
        } catch {
          add(element, raw, `unparseable ${attribute}`);
          continue;
        }
        if (url.protocol === 'javascript:') {
          add(element, raw, 'javascript: URL (blocked by the CSP, and not a link)');
          continue;
        }
        if (url.protocol === 'mailto:' || url.protocol === 'tel:' || url.protocol === 'sms:' || url.protocol === 'data:') continue;
        // Absolute URLs on the site's own base URL (canonical, og:url, og:image) must exist in the build too.
        const internal = url.origin === local || url.origin === site.baseUrl;
        if (!internal) {
          if (element.tagName === 'a' || element.tagName === 'area') {
            if (url.protocol !== 'https:') add(element, raw, `external link is ${url.protocol} (must be https:)`);
            if ($(element).attr('target') !== '_blank') add(element, raw, 'external link does not open in a new tab (target="_blank")');
            const rel = new Set(($(element).attr('rel') ?? '').toLowerCase().split(/\s+/));
            if (!rel.has('noopener') || !rel.has('noreferrer')) add(element, raw, 'external link lacks rel="noopener noreferrer"');
          } else if (url.protocol !== 'https:') {
            add(element, raw, `external ${element.tagName} ${attribute} is ${url.protocol} (must be https:)`);
          }
          continue;
        }
        if (raw.startsWith('//')) add(element, raw, 'protocol-relative URL');
        // A link within a not-found page (404.html, or a language's own, es/404.html) stays on it.
        const samePage = url.pathname === pageUrl.pathname && (page.status === 404 || url.pathname.endsWith('/404.html'));
        const targetFile = samePage ? page.file : await fileForPath(site.dist, url.pathname);
        if (!targetFile || (!samePage && url.pathname.endsWith('/404.html'))) {
          add(element, raw, `${url.pathname} does not exist in the build`);
          continue;
        }
        if (element.tagName === 'a' && targetFile.endsWith('index.html') && !url.pathname.endsWith('/')) {
          notes.push({ route: page.route, element: '', url: raw, problem: `href="${url.pathname}${url.hash}" lacks the trailing slash of ${url.pathname}/ (a redirect on most static hosts)` });
        }
        if (url.hash.length > 1) {
          if (!targetFile.endsWith('.html')) continue;
          const id = decodeURIComponent(url.hash.slice(1));
          if (!(await idsOf(targetFile)).has(id)) add(element, raw, `#${id} is not an id on ${url.pathname}`);
        } else if (raw === '#' && attribute === 'href') {
          add(element, raw, 'href="#" goes nowhere');
        }
      }
    }
  }
  return { findings, notes };
}
