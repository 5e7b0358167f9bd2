/** The live-reload and error-overlay script that only `serve` injects into pages. */

/** Path the dev server serves the client script at. */
export const devClientPath = '/__clinic/client.js';
/** Path of the server-sent events stream. */
export const devEventsPath = '/__clinic/events';

/** The browser code, as text: reloads on `reload`, shows the overlay on `build-error`. */
export const devClientSource = `(() => {
  const events = new EventSource(${JSON.stringify(devEventsPath)});
  let overlay;
  const clear = () => { if (overlay) { overlay.remove(); overlay = undefined; } };
  const el = (tag, css, text) => { const n = document.createElement(tag); if (css) n.style.cssText = css; if (text !== undefined) n.textContent = text; return n; };
  const show = (errors) => {
    clear();
    overlay = el('div', 'position:fixed;inset:0;z-index:2147483647;background:rgba(15,23,42,.92);color:#f8fafc;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;overflow:auto;padding:32px');
    overlay.id = 'clinic-error-overlay';
    overlay.setAttribute('role', 'alertdialog');
    overlay.setAttribute('aria-label', 'Build error');
    const box = el('div', 'max-width:960px;margin:0 auto');
    box.append(el('p', 'color:#fca5a5;font-weight:700;font-size:16px;margin:0 0 16px', 'The last change broke the build. The page below is the last good version; fix the file and it reloads by itself.'));
    for (const e of errors) {
      const card = el('section', 'background:#0f172a;border:1px solid #334155;border-radius:8px;padding:16px;margin-bottom:16px');
      card.append(el('p', 'margin:0;color:#94a3b8', e.title));
      if (e.file) card.append(el('p', 'margin:4px 0;color:#7dd3fc;font-weight:700', e.file + (e.line ? ':' + e.line + ':' + e.column : '')));
      card.append(el('p', 'margin:4px 0;color:#fecaca;font-size:15px', e.message));
      if (e.hint) card.append(el('p', 'margin:4px 0;color:#cbd5e1', 'Hint: ' + e.hint));
      if (e.frame && e.frame.length) {
        const pre = el('pre', 'margin:12px 0 0;padding:12px;background:#020617;border-radius:6px;overflow:auto');
        const width = String(e.frame[e.frame.length - 1].number).length;
        for (const line of e.frame) {
          const row = el('div', line.marked ? 'background:#7f1d1d;color:#fff' : 'color:#cbd5e1', (line.marked ? '> ' : '  ') + String(line.number).padStart(width) + ' | ' + line.text);
          pre.append(row);
          if (line.marked && e.column) pre.append(el('div', 'color:#f87171', ' '.repeat(width + 5 + e.column - 1) + '^'));
        }
        card.append(pre);
      }
      box.append(card);
    }
    overlay.append(box);
    document.body.append(overlay);
  };
  events.addEventListener('reload', () => location.reload());
  events.addEventListener('build-error', (event) => show(JSON.parse(event.data)));
  events.addEventListener('build-ok', clear);
})();
`;
