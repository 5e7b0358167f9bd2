/** What the render stage hands on of a page: its bytes and its packed search text (a cold build at N = 4,000 peaked at 720 MB). */
import { describe, expect, it } from 'vitest';
import { handedOn, searchTextOfPage } from '../../src/render/render.ts';
import { searchTextOf } from '../../src/search/extract.ts';

const page =
  '<!doctype html><html lang="es"><head><meta name="description" content="Cuidado de GLP-1 — semaglutida"/></head>' +
  '<body><header>Menú</header><main id="main" data-pagefind-body=""><h1>Pérdida de peso “médica”</h1>' +
  '<p>Años 35-55 😀</p></main></body></html>';

describe('handedOn', () => {
  it('should hand the page on as its UTF-8 bytes', () => {
    const output = handedOn({ file: 'es/index.html', html: page, ids: ['main'], links: [] });
    expect(Buffer.from(output.html).toString('utf8')).toBe(page);
    expect(output.ids).toEqual(['main']);
  });

  it('should pack the search text so that it reads back as searchTextOf made it', () => {
    const packed = handedOn({ file: 'es/index.html', html: page, ids: [], links: [] }).searchText!;
    expect(packed.length).toBeLessThan(searchTextOf(page)!.length);
    expect(searchTextOfPage(packed)).toBe(searchTextOf(page));
  });

  it('should hand on no search text for a page search does not find', () => {
    const notFound = '<html><body><main id="main">Not found</main></body></html>';
    expect(handedOn({ file: '404.html', html: notFound, ids: [], links: [] }).searchText).toBeUndefined();
  });

  it('should give each page bytes of their own, which a worker can move to the main thread', () => {
    const outputs = [1, 2].map((n) => handedOn({ file: `${n}.html`, html: page, ids: [], links: [] }));
    const buffers = outputs.flatMap((o) => [o.html.buffer, o.searchText!.buffer]);
    expect(new Set(buffers).size).toBe(4);
    for (const o of outputs) {
      expect(o.html.byteLength).toBe(o.html.buffer.byteLength);
      expect(o.searchText!.byteLength).toBe(o.searchText!.buffer.byteLength);
    }
    const { port1, port2 } = new MessageChannel();
    expect(() => port1.postMessage(outputs, buffers as ArrayBuffer[])).not.toThrow();
    port1.close();
    port2.close();
  });
});
