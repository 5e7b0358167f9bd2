/** HTML validation of every built page with html-validate's recommended preset. */
import { load } from 'cheerio';
import { HtmlValidate } from 'html-validate';

/**
 * The preset, adjusted only where React's `renderToStaticMarkup` output style differs from the
 * preset's preferred style for things HTML itself treats as equivalent, and `long-title` (see below).
 */
export const validatorConfig = {
  extends: ['html-validate:recommended'],
  rules: {
    // The generator writes `<!doctype html>`; the doctype is case-insensitive (HTML §13.1.1).
    'doctype-style': ['error', { style: 'lowercase' }],
    // React writes void elements self-closed (`<meta/>`), always: require that one style consistently.
    'void-style': ['error', { style: 'selfclosing' }],
    // React writes a few attributes by their DOM property names (charSet, referrerPolicy, allowFullScreen);
    // attribute names are case-insensitive in HTML documents.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React writes boolean attributes as `defer=""`, `hidden=""`: require that one style consistently.
    'attribute-boolean-style': ['error', { style: 'empty' }],
    // The SPEC fixes every title as `Page Title | Site Name`, and article headlines are the authors'
    // words: a long title is a search-snippet preference, not invalid HTML.
    'long-title': 'off',
  },
};

/** Shortens markup to at most 240 characters, keeping its start and end. */
const shorten = (markup) => {
  const text = markup.replace(/\s+/g, ' ');
  return text.length > 240 ? `${text.slice(0, 170)} … ${text.slice(-60)}` : text;
};

/** The markup a message points at: the start tag its attribute is in, else the element its selector names. */
function offending(source, $, message) {
  if (typeof message.offset === 'number') {
    const start = source.lastIndexOf('<', message.offset);
    if (start > source.lastIndexOf('>', message.offset - 1) && source[start + 1] !== '/') return shorten(source.slice(start, source.indexOf('>', message.offset) + 1));
  }
  const element = message.selector ? $(message.selector).first() : undefined;
  if (element?.length) return shorten($.html(element));
  return shorten((source.split('\n')[message.line - 1] ?? '').slice(Math.max(0, message.column - 60), message.column + 140));
}

/**
 * Validates each page `{ route, file, html }`. Resolves to a list of findings
 * `{ route, rule, message, line, column, selector, markup, severity }` (errors and warnings).
 */
export async function validatePages(pages) {
  const validator = new HtmlValidate(validatorConfig);
  const findings = [];
  for (const page of pages) {
    const report = await validator.validateString(page.html, page.file);
    const $ = load(page.html);
    for (const result of report.results) {
      for (const message of result.messages) {
        findings.push({
          route: page.route,
          rule: message.ruleId,
          message: message.message,
          line: message.line,
          column: message.column,
          selector: message.selector ?? '',
          markup: offending(page.html, $, message),
          severity: message.severity === 2 ? 'error' : 'warning',
        });
      }
    }
  }
  return findings;
}
