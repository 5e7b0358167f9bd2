/** Hyphenated words kept whole at a line's end (issue 41: "GLP-/1", "35-/55", "Glow-/Up"), with the page's text unchanged. */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { keepHyphenatedWordsWhole } from '../../src/render/words.ts';

describe('keepHyphenatedWordsWhole', () => {
  it('should wrap each hyphenated word of the text in a nowrap span', () => {
    const html = '<body><p>GLP-1 care for adults aged 35-55: the HRT Glow-Up.</p></body>';
    expect(keepHyphenatedWordsWhole(html)).toBe(
      '<body><p><span class="nowrap">GLP-1</span> care for adults aged <span class="nowrap">35-55</span>: ' +
        'the HRT <span class="nowrap">Glow-Up</span>.</p></body>',
    );
  });

  it('should keep the text a reader, search and copy see the same characters', () => {
    const html = '<body><h1>Low-Dose Naltrexone</h1><p>A well-studied, FDA-approved, long-term plan (BPC-157, FNP-C).</p></body>';
    expect(cheerio.load(keepHyphenatedWordsWhole(html)).text()).toBe(cheerio.load(html).text());
  });

  it('should leave tags, attribute values, the head, scripts, styles and code as they were', () => {
    const html =
      '<!doctype html><html><head><title>GLP-1 care</title><meta name="description" content="GLP-1 care">' +
      '<script type="application/ld+json">{"openingHours":"Mo-Fr 10:00-17:00"}</script><style>.a-b{color:red}</style></head>' +
      '<body><a href="/services/body/weight-loss" data-x="a>b-c">weight-loss</a><pre><code>x-y</code></pre>' +
      '<svg><text>a-b</text></svg><select><option>Glow-Up</option></select></body></html>';
    expect(keepHyphenatedWordsWhole(html)).toBe(html.replace('>weight-loss<', '><span class="nowrap">weight-loss</span><'));
  });

  it('should leave a dash between spaces and a word with no hyphen alone', () => {
    const html = '<p>Monday - Friday, 10:00 AM–5:00 PM, e.g. 3 - 5</p>';
    expect(keepHyphenatedWordsWhole(html)).toBe(html);
  });
});

/** The regex tokenizer the one-pass scanner replaced (a tag to its first `>` outside quotes, else a run of text): the scanner's oracle. */
function wrappedByTheFirstTokenizer(html: string): string {
  const untouched = new Set(['head', 'script', 'style', 'textarea', 'title', 'option', 'svg', 'math', 'pre', 'code']);
  let inside: string | undefined;
  return html.replace(/(<(?:[^>"']|"[^"]*"|'[^']*')*>)|([^<]+)/g, (_, tag: string | undefined, text: string | undefined) => {
    if (tag !== undefined) {
      const name = /^<(\/?)([a-zA-Z][\w-]*)/.exec(tag);
      if (name && untouched.has(name[2]!.toLowerCase())) {
        if (name[1]) {
          if (inside === name[2]!.toLowerCase()) inside = undefined;
        } else if (inside === undefined && !tag.endsWith('/>')) inside = name[2]!.toLowerCase();
      }
      return tag;
    }
    return inside === undefined ? text!.replace(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu, '<span class="nowrap">$&</span>') : text!;
  });
}

describe('keepHyphenatedWordsWhole on tricky markup', () => {
  const span = (word: string) => `<span class="nowrap">${word}</span>`;

  it('should read a tag to its first ">" outside a quoted value', () => {
    const html = `<a title="a>b-c" data-x='d>e-f'>x-y</a><b c"d>e"f-g>h-i</b>`;
    expect(keepHyphenatedWordsWhole(html)).toBe(`<a title="a>b-c" data-x='d>e-f'>${span('x-y')}</a><b c"d>e"f-g>${span('h-i')}</b>`);
  });

  it('should leave a comment whole and wrap the words after it', () => {
    const html = '<p><!-- GLP-1 note --> GLP-1</p>';
    expect(keepHyphenatedWordsWhole(html)).toBe(`<p><!-- GLP-1 note --> ${span('GLP-1')}</p>`);
  });

  it('should leave an untouched element whole until its own closing tag, whatever it holds', () => {
    const html = '<pre>a-b<code>c-d</code>e-f</pre>g-h<code><pre>i-j</pre>k-l</code>m-n';
    expect(keepHyphenatedWordsWhole(html)).toBe(
      `<pre>a-b<code>c-d</code>e-f</pre>${span('g-h')}<code><pre>i-j</pre>k-l</code>${span('m-n')}`,
    );
  });

  it('should read tag names in any case, and not enter a self-closing or a longer-named element', () => {
    const html = '<CODE>a-b</Code>c-d<svg/>e-f<codex>g-h</codex><Pre >i-j</PRE>k-l';
    expect(keepHyphenatedWordsWhole(html)).toBe(
      `<CODE>a-b</Code>${span('c-d')}<svg/>${span('e-f')}<codex>${span('g-h')}</codex><Pre >i-j</PRE>${span('k-l')}`,
    );
  });

  it('should leave a "<" that opens no tag as it is and read what follows it as text', () => {
    const html = `a-b < c-d <e title="f-g`;
    expect(keepHyphenatedWordsWhole(html)).toBe(`${span('a-b')} < ${span('c-d')} <e title="${span('f-g')}`);
  });

  it('should wrap exactly what the first tokenizer wrapped, on 20,000 seeded pieces of markup', () => {
    const pieces = ['<', '>', '"', "'", '-', '/', ' ', 'a', 'B', '1', 'é', '😀', '\n', '=', 'GLP-1', '35-55', 'a--b', '<!-- ', ' -->',
      '<code>', '</code>', '<CODE>', '</Code>', '<pre/>', '<pre>', '</pre>', '<svg ', '</svg>', '<script>', '</script>', '<title>',
      '</title>', '<head>', '</head>', '<textarea>', '</textarea>', '<math/>', '<codex>', '</codex>', '</ code>', '<p-', '<1',
      '<a href="x>y-z">', "<b title='x>y-z'>"];
    // mulberry32: a small seeded generator, so that a failure comes back the same on every run.
    let seed = 41;
    const next = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    for (let round = 0; round < 20_000; round++) {
      let html = '';
      for (let i = 1 + next(30); i > 0; i--) html += pieces[next(pieces.length)];
      expect(keepHyphenatedWordsWhole(html), html).toBe(wrappedByTheFirstTokenizer(html));
    }
  });
});
