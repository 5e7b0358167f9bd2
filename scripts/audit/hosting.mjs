/**
 * Hosting: the headers the site's `_headers` gives real responses (caching, security, CSP), the
 * 404 behaviour, and markup the CSP would block (inline script, inline handlers, inline style).
 */
import { load } from 'cheerio';

/** A CSP header as a Map of directive → sources. */
export function parseCsp(header) {
  const directives = new Map();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Cache-Control directives: name → list of values (a repeated directive shows as several values). */
function parseCacheControl(header) {
  const directives = new Map();
  for (const part of String(header ?? '').split(',')) {
    const [name, value = ''] = part.trim().toLowerCase().split('=');
    if (!name) continue;
    directives.set(name, [...(directives.get(name) ?? []), value]);
  }
  return directives;
}

/** Problems with the Cache-Control of an HTML response: it must be revalidated every time. */
function htmlCachingProblems(header) {
  const cc = parseCacheControl(header);
  const problems = [];
  if (!header) return ['HTML has no Cache-Control (hosts then cache heuristically)'];
  if ((cc.get('max-age') ?? []).length > 1) problems.push(`conflicting max-age directives: "${header}"`);
  if (cc.has('immutable')) problems.push(`HTML must not be immutable: "${header}"`);
  const revalidated = cc.has('no-cache') || cc.has('no-store') || (cc.get('max-age') ?? []).every((v) => v === '0') && cc.has('max-age');
  if (!revalidated) problems.push(`HTML must be revalidated (no-cache or max-age=0): "${header}"`);
  return problems;
}

/** Problems with the Cache-Control of a hashed asset: it must be cached for a year and immutable, nothing else. */
function assetCachingProblems(header) {
  const cc = parseCacheControl(header);
  const problems = [];
  const ages = cc.get('max-age') ?? [];
  if (ages.length !== 1) problems.push(`expected exactly one max-age, got "${header ?? ''}"`);
  else if (Number(ages[0]) < 31536000) problems.push(`max-age ${ages[0]} is shorter than a year: "${header}"`);
  if (!cc.has('immutable')) problems.push(`hashed asset is not immutable: "${header ?? ''}"`);
  for (const conflicting of ['no-cache', 'no-store', 'must-revalidate']) if (cc.has(conflicting)) problems.push(`"${conflicting}" contradicts immutable caching: "${header}"`);
  return problems;
}

/** The third-party origins a page's markup loads, by the CSP directive that must allow them. */
function thirdPartyOrigins($, pageUrl) {
  const used = { 'script-src': new Set(), 'frame-src': new Set(), 'img-src': new Set(), 'style-src': new Set(), 'font-src': new Set() };
  const add = (directive, raw) => {
    if (!raw) return;
    const url = new URL(raw, pageUrl);
    if (url.origin !== pageUrl.origin && /^https?:$/.test(url.protocol)) used[directive].add(url.origin);
  };
  $('script[src]').each((_, el) => add('script-src', $(el).attr('src')));
  $('iframe[src]').each((_, el) => add('frame-src', $(el).attr('src')));
  $('img[src]').each((_, el) => add('img-src', $(el).attr('src')));
  $('link[rel~="stylesheet"][href]').each((_, el) => add('style-src', $(el).attr('href')));
  return used;
}

/** Whether a CSP source list allows an origin ('self' is the page's own origin). */
function allows(sources, origin, self) {
  if (!sources) return false;
  return sources.some((source) => (source === "'self'" && origin === self) || source === origin || source === '*' || (source.includes('*.') && new RegExp(`^${source.replace(/\./g, '\\.').replace('*', '[^/]+')}$`).test(origin)));
}

/**
 * Checks `site` as served from `origin`. Resolves to findings `{ route, url, check, problem }`
 * and `headers`, the response headers of one page and one asset (for the report).
 */
export async function checkHosting(site, origin) {
  const findings = [];
  const add = (route, url, check, problem) => findings.push({ route, url, check, problem });
  const assets = new Set();
  const usedBySite = { 'script-src': new Set(), 'frame-src': new Set(), 'img-src': new Set(), 'style-src': new Set(), 'font-src': new Set() };
  let sample = {};
  // 'wasm-unsafe-eval' compiles WebAssembly, nothing else: allowed only for a site that ships some (Pagefind's search index).
  const shipsWasm = (await fetch(`${origin}/pagefind/pagefind-entry.json`)).ok;

  for (const page of site.pages) {
    const response = await fetch(origin + page.path, { redirect: 'manual' });
    const body = await response.text();
    const headers = Object.fromEntries(response.headers);
    if (!sample.page) sample.page = { url: page.path, headers };
    if (response.status !== page.status) add(page.route, page.path, 'status', `status ${response.status}, expected ${page.status}`);
    if (page.status === 404 && body !== page.html) add(page.route, page.path, 'status', 'an unknown path is not answered with the content of 404.html');
    if (!/^text\/html/.test(headers['content-type'] ?? '')) add(page.route, page.path, 'content-type', `content-type "${headers['content-type']}"`);
    for (const problem of htmlCachingProblems(headers['cache-control'])) add(page.route, page.path, 'cache-control', problem);
    if (headers['x-content-type-options'] !== 'nosniff') add(page.route, page.path, 'x-content-type-options', `expected "nosniff", got "${headers['x-content-type-options'] ?? ''}"`);
    if (!headers['referrer-policy']) add(page.route, page.path, 'referrer-policy', 'missing');
    if (!headers['permissions-policy']) add(page.route, page.path, 'permissions-policy', 'missing');
    const csp = parseCsp(headers['content-security-policy']);
    if (!headers['content-security-policy']) add(page.route, page.path, 'csp', 'no Content-Security-Policy');
    else {
      if (!csp.has('frame-ancestors')) add(page.route, page.path, 'csp', 'no frame-ancestors directive');
      if (!csp.has('default-src')) add(page.route, page.path, 'csp', 'no default-src directive');
      if (csp.get('object-src')?.join(' ') !== "'none'") add(page.route, page.path, 'csp', "object-src is not 'none'");
      if (!csp.has('base-uri')) add(page.route, page.path, 'csp', 'no base-uri directive');
      for (const [name, sources] of csp) {
        for (const source of sources) {
          if (/^'unsafe-(inline|eval|hashes)'$/.test(source) || (source === "'wasm-unsafe-eval'" && !shipsWasm)) add(page.route, page.path, 'csp', `${name} allows ${source}`);
          if (['*', 'https:', 'http:', 'data:'].includes(source) && /^(script-src|default-src|frame-src|connect-src)$/.test(name)) add(page.route, page.path, 'csp', `${name} allows any ${source} source`);
        }
      }
    }
    const $ = load(page.html);
    const pageUrl = new URL(page.path, origin);
    const used = thirdPartyOrigins($, pageUrl);
    for (const [directive, origins] of Object.entries(used)) {
      for (const usedOrigin of origins) {
        usedBySite[directive].add(usedOrigin);
        const sources = csp.get(directive) ?? csp.get('default-src');
        if (!allows(sources, usedOrigin, origin)) add(page.route, page.path, 'csp', `${directive} does not allow ${usedOrigin}, which the page loads`);
      }
    }
    // Markup a strict CSP blocks, or that needs 'unsafe-inline'.
    $('script:not([src])').each((_, el) => {
      const type = ($(el).attr('type') ?? '').toLowerCase();
      if (type !== 'application/ld+json' && type !== 'application/json') add(page.route, page.path, 'inline-script', `inline <script${type ? ` type="${type}"` : ''}>: ${$(el).text().slice(0, 80)}`);
    });
    $('*').each((_, el) => {
      for (const name of Object.keys(el.attribs ?? {})) {
        if (/^on[a-z]+$/i.test(name)) add(page.route, page.path, 'inline-script', `inline handler ${name}="${el.attribs[name].slice(0, 60)}" on <${el.tagName}>`);
      }
      if (el.attribs?.style !== undefined) add(page.route, page.path, 'inline-style', `style="${el.attribs.style.slice(0, 60)}" on <${el.tagName}> (blocked by style-src 'self')`);
    });
    $('style').each((_, el) => add(page.route, page.path, 'inline-style', `<style> element (blocked by style-src 'self'): ${$(el).text().slice(0, 60)}`));
    $('script[src], link[href], img[src], source[srcset], img[srcset]').each((_, el) => {
      for (const raw of [el.attribs.src, el.attribs.href, ...(el.attribs.srcset ?? '').split(',').map((c) => c.trim().split(/\s+/)[0])]) {
        if (!raw) continue;
        const url = new URL(raw, pageUrl);
        if (url.origin === origin && url.pathname.startsWith('/assets/')) assets.add(url.pathname);
      }
    });
  }

  // Hashed assets (and the fonts the CSS names) are cached for a year.
  const assetProblems = new Map();
  for (const path of assets) {
    const response = await fetch(origin + path);
    const text = /\.css$/.test(path) ? await response.text() : (await response.arrayBuffer(), '');
    for (const match of text.matchAll(/url\(\s*['"]?(\/assets\/[^'")?#]+)/g)) assets.add(match[1]);
    if (!sample.asset) sample.asset = { url: path, headers: Object.fromEntries(response.headers) };
    const problems = [
      ...(response.status !== 200 ? [['status', `status ${response.status}`]] : []),
      ...assetCachingProblems(response.headers.get('cache-control')).map((problem) => ['cache-control', problem]),
      ...(response.headers.get('x-content-type-options') !== 'nosniff' ? [['x-content-type-options', 'missing nosniff']] : []),
    ];
    for (const [check, problem] of problems) {
      const key = `${check}\n${problem}`;
      if (!assetProblems.has(key)) assetProblems.set(key, []);
      assetProblems.get(key).push(path);
    }
  }
  // One finding per problem, naming the files it affects.
  for (const [key, paths] of assetProblems) {
    const [check, problem] = key.split('\n');
    add('assets', paths.length > 3 ? `${paths.length} files under /assets/` : paths.join(', '), check, problem);
  }

  // The server never hands out its own configuration, nor files outside the folder.
  for (const path of ['/_headers', '/../package.json', '/%2e%2e/package.json']) {
    const response = await fetch(origin + path);
    if (response.status !== 404) add('server', path, 'exposure', `answered ${response.status}`);
  }

  // Origins the CSP allows that no page uses: allowances to drop (reported, not failures).
  const notes = [];
  const csp = parseCsp(sample.page?.headers['content-security-policy']);
  for (const directive of ['script-src', 'frame-src', 'img-src', 'connect-src']) {
    for (const source of csp.get(directive) ?? []) {
      if (!/^https?:\/\//.test(source)) continue;
      const used = directive === 'connect-src' ? usedBySite['script-src'].has(source) : usedBySite[directive]?.has(source);
      if (!used) notes.push(`${directive} allows ${source}, which no page loads as ${directive.replace('-src', '')}`);
    }
  }
  const pageHeaders = sample.page?.headers ?? {};
  if (/interest-cohort/.test(pageHeaders['permissions-policy'] ?? '')) notes.push('Permissions-Policy names interest-cohort (FLoC), a feature Chrome removed; it protects nothing');
  if (/includesubdomains/i.test(pageHeaders['strict-transport-security'] ?? '')) notes.push('Strict-Transport-Security has includeSubDomains: every subdomain of the clinic\'s domain must then serve HTTPS for a year');
  return { findings, notes, headers: sample };
}
