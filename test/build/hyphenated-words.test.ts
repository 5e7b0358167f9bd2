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
