/** The live-reload and error-overlay script that only `serve` injects into pages. */

/** Path the dev server serves the client script at. */
export const devClientPath = '/__clinic/client.js';
/** Path of the server-sent events stream. */
export const devEventsPath = '/__clinic/events';

/**
 * The overlay's look: a solid panel in its own shadow root (the site's CSS cannot reach it, and the
 * page does not show through), the message in the site's text face, code that wraps at any width,
 * and the column marked inside the line with a labelled note that is clearly not a line of the file.
 */
const overlayCss = `
:host { all: initial; }
.backdrop { position: fixed; top: 0; left: 0; width: 100vw; height: 100vh; z-index: 2147483647; background: #0b1220;
  color: #e2e8f0; overflow: auto; -webkit-font-smoothing: antialiased;
  font: 16px/1.55 Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.panel { max-width: 920px; margin: 0 auto; padding: 28px 20px 48px; }
h1 { margin: 0 0 6px; font-size: 22px; line-height: 1.3; color: #fecaca; font-weight: 700; }
.lead { margin: 0 0 20px; color: #cbd5e1; }
.lead button { font: inherit; color: #0b1220; background: #e2e8f0; border: 0; border-radius: 6px; padding: 4px 12px;
  margin-left: 6px; cursor: pointer; }
.lead button:focus-visible { outline: 3px solid #7dd3fc; outline-offset: 2px; }
section { background: #111a2e; border: 1px solid #334155; border-left: 4px solid #f87171; border-radius: 10px;
  padding: 16px 18px; margin: 0 0 16px; }
.kind { margin: 0; font-size: 13px; letter-spacing: .04em; text-transform: uppercase; color: #94a3b8; }
.where { margin: 4px 0 8px; font: 600 14px/1.4 ui-monospace, Menlo, Consolas, monospace; color: #7dd3fc; overflow-wrap: anywhere; }
.message { margin: 0; font-size: 17px; color: #f8fafc; overflow-wrap: anywhere; }
.hint { margin: 8px 0 0; color: #cbd5e1; overflow-wrap: anywhere; }
.hint b { color: #a7f3d0; font-weight: 600; }
.code { margin: 14px 0 0; padding: 10px 0; background: #020617; border-radius: 8px;
  font: 13px/1.5 ui-monospace, Menlo, Consolas, monospace; }
.row { display: grid; grid-template-columns: auto 1fr; column-gap: 12px; padding: 0 12px; }
.row .number { color: #94a3b8; text-align: right; user-select: none; }
.row .text { white-space: pre-wrap; overflow-wrap: anywhere; color: #cbd5e1; min-width: 0; }
.row.marked { background: #3b0d0d; }
.row.marked .number { color: #fca5a5; }
.row.marked .text { color: #fff; }
mark { background: #dc2626; color: #fff; border-radius: 2px; outline: 1px solid #fca5a5; }
.caret { display: block; margin: 2px 12px 4px; padding: 2px 8px; width: fit-content; border-radius: 4px; background: #7f1d1d;
  color: #fee2e2;
  font: 600 12px/1.4 Inter, system-ui, sans-serif; user-select: none; }
`;

/**
 * Patching the open page in place (as Eleventy's dev server does): the page's HTML as the server last sent it (\`base\`)
 * and as it sends it now are compared node by node, and only what differs between the two is changed in the live page,
 * so whatever the visitor or the page's script changed (scroll position, open details and dialogs, focus, expanded
 * pillars) stays as it is. Anything the two cannot be matched on (other stylesheets or scripts, a live page whose
 * structure the page's script changed where the server's changed too) falls back to a full reload.
 */
const morphSource = `
  const fetchPage = () => fetch(location.pathname + location.search, { cache: 'no-store' })
    .then((r) => (r.status < 500 ? r.text() : Promise.reject(new Error(String(r.status)))))
    .then((html) => new DOMParser().parseFromString(html, 'text/html'));
  let base;
  const keepBase = () => fetchPage().then((doc) => { base = base || doc; }, () => undefined);
  if (document.readyState === 'complete') keepBase(); else addEventListener('load', keepBase);
  const assetSelector = 'link[rel~="stylesheet"], link[rel~="preload"], link[rel~="modulepreload"], script[src]';
  const assetsOf = (doc) => [...doc.querySelectorAll(assetSelector)].map((n) => n.getAttribute('href') || n.getAttribute('src')).join(' ');
  const liveKids = (n) => [...n.childNodes].filter((c) => c.nodeName !== 'CLINIC-ERROR-OVERLAY');
  const patch = (a, b, l) => {
    if (a.isEqualNode(b)) return true;
    if (!l || l.nodeName !== a.nodeName) return false;
    if (a.nodeName !== b.nodeName || a.nodeType !== b.nodeType) { l.replaceWith(document.importNode(b, true)); return true; }
    if (a.nodeType !== 1) { l.nodeValue = b.nodeValue; return true; }
    for (const name of new Set([...a.getAttributeNames(), ...b.getAttributeNames()])) {
      const value = b.getAttribute(name);
      if (a.getAttribute(name) === value) continue;
      if (value === null) l.removeAttribute(name); else l.setAttribute(name, value);
    }
    const ak = [...a.childNodes], bk = [...b.childNodes], lk = liveKids(l);
    if (lk.length < ak.length || ak.some((n, i) => n.nodeName !== lk[i].nodeName)) return false;
    if (ak.length === bk.length) return ak.every((n, i) => patch(n, bk[i], lk[i]));
    let first = 0;
    while (first < ak.length && first < bk.length && ak[first].isEqualNode(bk[first])) first++;
    let last = 0;
    while (last < ak.length - first && last < bk.length - first && ak[ak.length - 1 - last].isEqualNode(bk[bk.length - 1 - last])) last++;
    const after = lk[ak.length - last] || null;
    for (const n of lk.slice(first, ak.length - last)) n.remove();
    for (const n of bk.slice(first, bk.length - last)) l.insertBefore(document.importNode(n, true), after);
    return true;
  };
  const update = async (files) => {
    const path = decodeURIComponent(location.pathname).replace(/^\\/+/, '');
    const mine = path === '' ? ['index.html'] : [path, path.replace(/\\/$/, '') + '/index.html', path + '.html', '404.html'];
    if (Array.isArray(files) && !files.some((f) => mine.includes(f))) return;
    const old = base;
    const next = await fetchPage().catch(() => undefined);
    if (!old || !next || assetsOf(old) !== assetsOf(next)) return location.reload();
    if (!(patch(old.head, next.head, document.head) && patch(old.body, next.body, document.body))) return location.reload();
    base = next;
  };
`;

/** The browser code, as text: patches the page (or reloads it) on "reload", shows the overlay on "build-error". */
export const devClientSource = `(() => {
  const events = new EventSource(${JSON.stringify(devEventsPath)});
${morphSource}
  const css = ${JSON.stringify(overlayCss)};
  let host;
  const clear = () => { if (host) { host.remove(); host = undefined; } };
  const el = (tag, className, text) => {
    const n = document.createElement(tag);
    if (className) n.className = className;
    if (text !== undefined) n.textContent = text;
    return n;
  };
  const codeRow = (line, width, column) => {
    const row = el('div', line.marked ? 'row marked' : 'row');
    row.append(el('span', 'number', String(line.number).padStart(width)));
    const text = el('span', 'text');
    if (line.marked && column && column <= line.text.length) {
      const at = column - 1;
      const mark = el('mark', '', line.text.slice(at, at + 1) === ' ' ? '\u00a0' : line.text.slice(at, at + 1));
      text.append(line.text.slice(0, at), mark, line.text.slice(at + 1));
    } else {
      text.textContent = line.text || ' ';
    }
    row.append(text);
    return row;
  };
  const show = (errors) => {
    clear();
    host = document.createElement('clinic-error-overlay');
    host.id = 'clinic-error-overlay';
    const root = host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = css;
    const backdrop = el('div', 'backdrop');
    backdrop.setAttribute('role', 'alertdialog');
    backdrop.setAttribute('aria-modal', 'true');
    backdrop.setAttribute('aria-labelledby', 'clinic-error-title');
    const panel = el('div', 'panel');
    const title = el('h1', '', errors.length === 1
      ? 'The last change broke the build' : 'The last change broke the build in ' + errors.length + ' places');
    title.id = 'clinic-error-title';
    const lead = el('p', 'lead', 'Fix the file and this page reloads by itself. Until then the site shows its last good version.');
    const hide = el('button', '', 'Show the page');
    hide.type = 'button';
    hide.addEventListener('click', clear);
    lead.append(hide);
    panel.append(title, lead);
    for (const e of errors) {
      const card = el('section');
      card.append(el('p', 'kind', e.title));
      if (e.file) card.append(el('p', 'where', e.file + (e.line ? ', line ' + e.line + (e.column ? ', column ' + e.column : '') : '')));
      card.append(el('p', 'message', e.message.charAt(0).toUpperCase() + e.message.slice(1)));
      if (e.hint) { const hint = el('p', 'hint'); hint.append(el('b', '', 'What to do: '), e.hint); card.append(hint); }
      if (e.frame && e.frame.length) {
        const code = el('div', 'code');
        code.setAttribute('role', 'group');
        code.setAttribute('aria-label', 'The lines around the problem');
        const width = String(e.frame[e.frame.length - 1].number).length;
        for (const line of e.frame) {
          code.append(codeRow(line, width, e.column));
          if (line.marked && e.column) code.append(el('span', 'caret', '\u2191 line ' + line.number + ', column ' + e.column));
        }
        card.append(code);
      }
      panel.append(card);
    }
    backdrop.append(panel);
    root.append(style, backdrop);
    document.body.append(host);
    hide.focus({ preventScroll: true });
  };
  let updating = Promise.resolve();
  events.addEventListener('reload', (event) => {
    const files = event.data ? JSON.parse(event.data).files : undefined;
    updating = updating.then(() => update(files)).catch(() => location.reload());
  });
  events.addEventListener('build-error', (event) => show(JSON.parse(event.data)));
  events.addEventListener('build-ok', clear);
})();
`;
