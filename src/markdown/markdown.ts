/**
 * Markdown to sanitised HTML: the one place an article body becomes HTML, for its page and for the
 * feed. GitHub-flavoured markdown (tables, strikethrough, task lists, autolinks, footnotes), heading
 * ids with anchor links, pictures beside the article, and the components :::note, :::tip,
 * :::warning, ::booking and ::treatment. `inspectMarkdown` checks a body before it is published.
 */
import type { Element, ElementContent, Properties } from 'hast';
import { defaultSchema, type Schema } from 'hast-util-sanitize';
import { remark } from 'remark';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkHtml from 'remark-html';
import { placeholdersIn } from './placeholders.ts';
import { closest } from '../suggest.ts';
import { isAmbiguousHref } from '../schemas/links.ts';

/** What a component accepts: its form in markdown and its attributes (required ones first). */
interface ComponentRule {
  form: 'containerDirective' | 'leafDirective';
  attributes: string[];
  required: string[];
}

/** The components an article can use, by name. */
export const components: Record<string, ComponentRule> = {
  note: { form: 'containerDirective', attributes: [], required: [] },
  tip: { form: 'containerDirective', attributes: [], required: [] },
  warning: { form: 'containerDirective', attributes: [], required: [] },
  booking: { form: 'leafDirective', attributes: ['service'], required: [] },
  treatment: { form: 'leafDirective', attributes: ['id'], required: ['id'] },
};

/** Titles of the callouts when the author gives none (`:::tip[Before your visit]` gives one), unless the context gives its language's. */
const calloutTitles: Record<CalloutName, string> = { note: 'Note', tip: 'Tip', warning: 'Warning' };
type CalloutName = 'note' | 'tip' | 'warning';

/** A treatment as a `::treatment` card shows it. */
export interface TreatmentCardLink {
  title: string;
  text: string;
  href: string;
}

/** What rendering a body needs beyond the markdown: the page or the feed, and the site's data it links to. */
export interface MarkdownContext {
  /** `page` renders the interactive parts (analytics hooks, picture variants); `feed` plain links and images. */
  mode: 'page' | 'feed';
  /** The article's slug: the label of its booking events. */
  slug: string;
  /** The booking page's address; `::booking{service}` adds `?service=`. */
  booking: string;
  /** The booking button's text (blog.yaml `bookNow.label`). */
  bookingLabel: string;
  /** The callouts' titles in the article's language (strings.yaml `callouts`); English without. */
  calloutTitles?: Record<CalloutName, string>;
  /** The treatments `::treatment` names, by id. */
  treatments: Record<string, TreatmentCardLink>;
  /** Where images beside the article are published, with a trailing slash: /images/blog/. */
  imageBase: string;
  /** Sizes and variants of images, by published path (/images/blog/x.png). */
  images: Record<string, { width: number; height: number; sources: { type: string; srcset: string }[] }>;
}

/** The part of a body's render context that comes from the content. */
export type ArticleMarkdownContext = Pick<MarkdownContext, 'slug' | 'imageBase' | 'bookingLabel' | 'treatments' | 'calloutTitles'>;

/** An h2 of the body, for the "On this page" outline. */
export interface OutlineEntry {
  id: string;
  text: string;
}

/** A rendered body: its HTML and its h2 headings. */
export interface RenderedMarkdown {
  html: string;
  outline: OutlineEntry[];
}

/** A position in the body (1-based line and column, as remark counts them). */
export interface BodyPosition {
  line: number;
  column: number;
}

/** Something wrong in a body, where it is; the caller turns it into a located SiteError. */
export type MarkdownFinding =
  | { kind: 'unknown-component'; name: string; suggestion: string | undefined; at: BodyPosition }
  | { kind: 'component-form'; name: string; expected: string; at: BodyPosition }
  | { kind: 'unknown-attribute'; name: string; attribute: string; suggestion: string | undefined; known: string[]; at: BodyPosition }
  | { kind: 'missing-attribute'; name: string; attribute: string; at: BodyPosition }
  | { kind: 'missing-alt'; src: string; at: BodyPosition }
  | { kind: 'remote-image'; src: string; at: BodyPosition }
  | { kind: 'image-path'; src: string; at: BodyPosition }
  | { kind: 'placeholder'; text: string; at: BodyPosition }
  | { kind: 'too-deep'; limit: number; at: BodyPosition }
  | { kind: 'too-many-marks'; limit: number; at: BodyPosition }
  | { kind: 'too-many-blocks'; what: 'containers' | 'underlines'; limit: number; at: BodyPosition }
  | { kind: 'ambiguous-link'; href: string; at: BodyPosition };

/** What a body refers to, for the checks that need the rest of the content. */
export interface MarkdownReferences {
  /** Images beside the article, as written (./photo.png), and where. */
  images: { src: string; at: BodyPosition }[];
  treatments: { id: string; at: BodyPosition }[];
  bookings: { service: string; at: BodyPosition }[];
}

/** Ids the article page's template uses itself: a heading never takes one of them. */
const reservedIds = [
  'main',
  'page-title',
  'drawer',
  'services-menu',
  'site-map',
  'footer-quick',
  'footer-services',
  'article-cta-heading',
  'article-outline-title',
  'footnote-label',
];

/**
 * GFM constructs a body is parsed without when it lacks what each one needs. micromark tries them
 * everywhere: the email autolink at the start of every word (it needs an `@`), the www and protocol
 * autolinks at every word starting with w or h (they need `www` or `http`, in any case), the table
 * at every paragraph line (it needs a `|`, or a one-column delimiter row such as `:-:` or `--:`);
 * together they are a third of a plain article's parse. Leaving one out of a body that cannot hold
 * it gives the same tree (test/build/markdown-syntax.test.ts). The tree transform that finds autolinks in
 * text stays in every syntax.
 */
const droppable = {
  emailAutolink: (markdown: string) => markdown.includes('@'),
  wwwAutolink: (markdown: string) => /www/i.test(markdown),
  protocolAutolink: (markdown: string) => /http/i.test(markdown),
  table: (markdown: string) => markdown.includes('|') || markdown.includes(':-') || markdown.includes('-:'),
} as const;

/** The constructs a body is parsed without, as a key: '' is the full syntax, 'emailAutolink table' leaves those two out. */
export type MarkdownSyntax = string;

/** The syntax `markdown` needs: every droppable construct it cannot hold is left out. */
export function syntaxOf(markdown: string): MarkdownSyntax {
  return (Object.keys(droppable) as (keyof typeof droppable)[]).filter((name) => !droppable[name](markdown)).join(' ');
}

/** A remark plugin (after remark-gfm) that takes the named constructs out of micromark's syntax extensions. */
function without(names: readonly string[]) {
  return function (this: { data(): unknown }): void {
    const data = this.data() as { micromarkExtensions?: Record<string, unknown>[] };
    data.micromarkExtensions = (data.micromarkExtensions ?? []).map((extension) =>
      Object.fromEntries(
        Object.entries(extension).map(([kind, record]) => {
          // Construct records map character codes to a construct or a list of them; other fields stay as they are.
          if (!record || typeof record !== 'object' || Array.isArray(record)) return [kind, record];
          const kept = Object.entries(record as Record<string, { name?: string } | { name?: string }[]>).flatMap(([code, constructs]) => {
            const left = (Array.isArray(constructs) ? constructs : [constructs]).filter((c) => !names.includes(c.name ?? ''));
            return left.length === 0 ? [] : [[code, left.length === 1 ? left[0] : left] as const];
          });
          return [kind, Object.fromEntries(kept)];
        }),
      ),
    );
  };
}

const parserOf = (syntax: MarkdownSyntax) =>
  remark()
    .use(remarkGfm)
    .use(without(syntax.split(' ').filter(Boolean)))
    .use(remarkDirective)
    .freeze();
const compilerOf = (syntax: MarkdownSyntax) => parserOf(syntax)().use(remarkHtml, { sanitize: schema }).freeze();

/**
 * The parser and the compiler of each syntax, made on first use (at most sixteen, frozen once: a processor per body would re-run every
 * plugin).
 */
const processors = new Map<MarkdownSyntax, { parser: ReturnType<typeof parserOf>; compiler: ReturnType<typeof compilerOf> }>();
export function processorsOf(syntax: MarkdownSyntax): { parser: ReturnType<typeof parserOf>; compiler: ReturnType<typeof compilerOf> } {
  let made = processors.get(syntax);
  if (!made) processors.set(syntax, (made = { parser: parserOf(syntax), compiler: compilerOf(syntax) }));
  return made;
}

/**
 * The sanitiser's schema: GitHub's, plus exactly the attributes the transforms below write. Raw HTML
 * in markdown is dropped before this (remark-html never lets it through when sanitising), and
 * `clobberPrefix` is empty because the only ids are the heading slugs and footnote ids made here.
 */
const schema: Schema = {
  ...defaultSchema,
  clobberPrefix: '',
  attributes: {
    ...defaultSchema.attributes,
    a: [
      ...(defaultSchema.attributes?.a ?? []).filter((a) => !Array.isArray(a) || a[0] !== 'className'),
      ['className', 'data-footnote-backref', 'heading-anchor', 'button', 'article-treatment'],
      ['target', '_blank'],
      ['rel', 'noopener', 'noreferrer'],
      'dataEvent',
      'dataEventCategory',
      'dataEventLabel',
      'dataNewWindow',
    ],
    div: [
      ...(defaultSchema.attributes?.div ?? []),
      ['className', /^(heading-anchored|heading-\d|callout|callout-(note|tip|warning)|table-scroll)$/],
      ['role', 'note', 'region'],
      'ariaLabel',
    ],
    p: [['className', 'callout-title', 'article-booking']],
    span: [
      ['className', 'visually-hidden', 'article-treatment-title', 'article-treatment-text', 'task-box', 'task-done', 'task-open'],
      'ariaHidden',
      ['role', 'img'],
      'ariaLabel',
    ],
    th: [['className', 'align-right', 'align-center']],
    td: [['className', 'align-right', 'align-center']],
    img: [...(defaultSchema.attributes?.img ?? []), ['loading', 'lazy'], ['decoding', 'async']],
    source: ['srcSet', 'type', 'sizes'],
    h2: [['className', 'sr-only']],
  },
};

/* Minimal views of the mdast nodes handled here (the syntax tree is walked by hand). */
interface Node {
  type: string;
  children?: Node[];
  value?: string;
  url?: string;
  alt?: string | null;
  depth?: number;
  checked?: boolean | null;
  align?: (string | null)[] | null;
  name?: string;
  attributes?: Record<string, string | null | undefined> | null;
  position?: { start: { line: number; column: number; offset?: number }; end: { line: number; column: number; offset?: number } };
  data?: { hName?: string; hProperties?: Properties; hChildren?: ElementContent[]; directiveLabel?: boolean };
}

/** Checks a body: components, attributes, images' alt text, nesting, and (when it is to be published) placeholder text. */
export function inspectMarkdown(
  markdown: string,
  options: { placeholders?: readonly string[] } = {},
): { findings: MarkdownFinding[]; references: MarkdownReferences } {
  const none = () => ({ findings: [], references: { images: [], treatments: [], bookings: [] } });
  const crowded = crowdedMarks(markdown);
  if (crowded) return { ...none(), findings: [{ kind: 'too-many-marks', limit: maxMarks, at: crowded }] };
  const blocks = crowdedBlocks(markdown);
  if (blocks) return { ...none(), findings: [{ kind: 'too-many-blocks', ...blocks }] };
  // Parsing is most of an article's load: a body that cannot hold anything looked for here is not parsed.
  const findable = mayHoldFindings(markdown, options.placeholders);
  if (!findable && !mayNestDeeply(markdown)) return none();
  const parsed = parsedWithin(markdown);
  if ('deep' in parsed) return { ...none(), findings: [{ kind: 'too-deep', limit: maxNesting, at: parsed.deep }] };
  return findable ? inspectTree(markdown, options, parsed.tree) : none();
}

/**
 * Emphasis and link marks (* _ ~ [ ]) allowed in one paragraph. The parser pairs them in time that grows
 * with the square of their number: 8,000 "*_" on one line took 4 s, 25,000 a minute. A real article has
 * at most a few dozen in a paragraph; at this limit, 100 KB of the worst paragraphs parse about as fast
 * as plain text.
 */
export const maxMarks = 500;

/** Character codes of * _ ~ [ ]. */
const marks = new Set([42, 95, 126, 91, 93]);

/**
 * Where text between blank lines (a paragraph, or more than one: it errs on the safe side) first holds more
 * than maxMarks marks, at the start of the run of marks that holds the one past the limit; found on the raw
 * text, without parsing it.
 */
function crowdedMarks(markdown: string): BodyPosition | undefined {
  let count = 0;
  let line = 1;
  let lineStart = 0;
  let blank = true;
  let run = -1;
  for (let i = 0; i < markdown.length; i++) {
    const code = markdown.charCodeAt(i);
    if (code === 10) {
      if (blank) count = 0;
      [line, lineStart, blank, run] = [line + 1, i + 1, true, -1];
    } else if (marks.has(code)) {
      if (run === -1) run = i;
      blank = false;
      if (++count > maxMarks) return { line, column: run - lineStart + 1 };
    } else {
      run = -1;
      if (code !== 32 && code !== 9 && code !== 13) blank = false;
    }
  }
  return undefined;
}

/**
 * Quote (>) and list markers at line starts, and lines of only = or - under text (which make it a heading),
 * allowed in one body: the parser closes each quote, list or such heading in time that grows with the whole
 * body, so 6,500 quotes of one line took 10 s. Real articles have a few dozen markers and no such lines.
 */
export const maxBlocks = { containers: 1000, underlines: 200 } as const;

/** The markers opening a quote or list item at a line start, one or several ("> > - "). */
const containerStart = /^(?:[ \t]*(?:>|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t])))+/gm;
/** A line of only = or - (a setext heading's underline when text is on the line above). */
const underline = /^ {0,3}(?:=+|-+)[ \t]*\r?$/gm;

/** Where a body first holds more quote and list markers at line starts, or heading underlines, than maxBlocks allows. */
function crowdedBlocks(markdown: string): { what: keyof typeof maxBlocks; limit: number; at: BodyPosition } | undefined {
  const at = (index: number): BodyPosition => {
    const lineStart = markdown.lastIndexOf('\n', index - 1) + 1;
    let line = 1;
    for (let i = markdown.indexOf('\n'); i !== -1 && i < lineStart; i = markdown.indexOf('\n', i + 1)) line++;
    return { line, column: index - lineStart + 1 };
  };
  let containers = 0;
  containerStart.lastIndex = 0;
  for (let match; (match = containerStart.exec(markdown));) {
    // A line nesting past maxNesting counts as that many: the nesting check reports it without parsing it all.
    const markers = [...match[0].matchAll(/>|[-*+]|\d+[.)]/g)].slice(0, maxNesting + 1);
    const past = markers[maxBlocks.containers - containers];
    if (past) return { what: 'containers', limit: maxBlocks.containers, at: at(match.index + past.index!) };
    containers += markers.length;
  }
  let underlines = 0;
  underline.lastIndex = 0;
  for (let match; (match = underline.exec(markdown));) {
    const above = markdown.slice(markdown.lastIndexOf('\n', match.index - 2) + 1, Math.max(0, match.index - 1));
    if (match.index > 0 && above.trim() !== '' && ++underlines > maxBlocks.underlines) {
      return { what: 'underlines', limit: maxBlocks.underlines, at: at(match.index) };
    }
  }
  return undefined;
}

/** Quotes, lists, footnotes and components nested deeper than this are refused: articles need a few; a thousand exhaust the stack. */
export const maxNesting = 100;

/** The nodes that nest a level (a list's items belong to its level). */
const nestingNodes = new Set(['blockquote', 'list', 'containerDirective', 'footnoteDefinition']);

/** A line start that can open more than maxNesting levels: each takes a column of ">", list marker or indentation (a tab spans 4). */
const deepStart = new RegExp(`^[ \\t>*+\\-\\d.)]{${Math.floor(maxNesting / 4) + 1}}`, 'gm');
/** A footnote opened on the line of another ("[^a]: [^b]: …"), the one way to nest footnotes without indenting. */
const footnoteInFootnote = /\]:[ \t]*\[\^/;

/**
 * Whether a body may nest more than maxNesting levels, judged on the raw text without parsing it. A body
 * holding "::" (components) is parsed whatever this says.
 */
function mayNestDeeply(markdown: string): boolean {
  deepStart.lastIndex = 0;
  return deepStart.test(markdown) || (markdown.includes(']:') && footnoteInFootnote.test(markdown));
}

/**
 * The body's tree, or where it first nests more than maxNesting levels (found without recursion: the tree may
 * be that deep). The parser takes seconds on thousands of markers on one line, so such a line is parsed only up
 * to the marker past the limit first: what follows on that line cannot open a level before it.
 */
function parsedWithin(markdown: string): { tree: Node } | { deep: BodyPosition } {
  const cut = withDeepStartsCut(markdown);
  const deep = cut === markdown ? undefined : deepestIn(cut);
  if (deep && 'deep' in deep) return deep;
  return deepestIn(markdown);
}

function deepestIn(markdown: string): { tree: Node } | { deep: BodyPosition } {
  let tree: Node;
  try {
    tree = processorsOf(syntaxOf(markdown)).parser.parse(markdown) as Node;
  } catch (error) {
    // The parser itself recurses and runs out of stack at a few thousand levels: the place is worked out from the text.
    if (!(error instanceof RangeError)) throw error;
    return { deep: deepStartAt(markdown) };
  }
  const stack: [Node, number][] = [[tree, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    const level = nestingNodes.has(node.type) ? depth + 1 : depth;
    if (level > maxNesting) return { deep: positionOf(node) };
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, level]);
  }
  return { tree };
}

/**
 * In each line start that may open more than maxNesting levels, the marker (">", or "-", "*", "+", "1." or "1)"
 * before a space) past the limit (`past`), and the end of the one after it, up to which the line is worth reading.
 */
function deepStartEnds(markdown: string): { past: number; end: number }[] {
  const ends: { past: number; end: number }[] = [];
  deepStart.lastIndex = 0;
  for (let match; (match = deepStart.exec(markdown));) {
    let levels = 0;
    let past = 0;
    for (let i = match.index; i < markdown.length && /[ \t>*+\-\d.)]/.test(markdown[i]!); i++) {
      const next = markdown[i + 1] ?? '\n';
      if (markdown[i] === '>' || (/[*+\-.)]/.test(markdown[i]!) && /[ \t\n]/.test(next))) levels++;
      if (levels === maxNesting + 1 && past === 0) past = i;
      if (levels > maxNesting + 1) {
        ends.push({ past, end: i + 1 });
        break;
      }
    }
  }
  return ends;
}

/** The body with every line start that holds more than maxNesting + 1 markers cut after them (the rest of the line dropped). */
function withDeepStartsCut(markdown: string): string {
  const ends = deepStartEnds(markdown);
  if (ends.length === 0) return markdown;
  let cut = '';
  let from = 0;
  for (const { end } of ends) {
    const next = markdown.indexOf('\n', end);
    // Text after the last marker: markers alone ("- - -") would make a thematic break, not lists.
    cut += `${markdown.slice(from, end)} x`;
    from = next === -1 ? markdown.length : next;
  }
  return cut + markdown.slice(from);
}

/** Where a line's start first holds the marker past the limit, else where a footnote first opens on another's line. */
function deepStartAt(markdown: string): BodyPosition {
  const at = (index: number): BodyPosition => {
    const before = markdown.slice(0, index).split('\n');
    return { line: before.length, column: before.at(-1)!.length + 1 };
  };
  const first = deepStartEnds(markdown)[0];
  if (first !== undefined) return at(first.past);
  const footnote = footnoteInFootnote.exec(markdown);
  return footnote ? at(footnote.index) : { line: 1, column: 1 };
}

/** inspectMarkdown's answer from the parsed body (`parsed`, or parsed here), whatever its text. */
export function inspectTree(
  markdown: string,
  options: { placeholders?: readonly string[] },
  parsed?: Node,
): { findings: MarkdownFinding[]; references: MarkdownReferences } {
  const findings: MarkdownFinding[] = [];
  const references: MarkdownReferences = { images: [], treatments: [], bookings: [] };
  const tree = parsed ?? (processorsOf(syntaxOf(markdown)).parser.parse(markdown) as Node);
  const names = Object.keys(components);
  walk(tree, (node) => {
    const at = positionOf(node);
    if (node.type === 'textDirective') {
      // Ordinary prose such as 10:30, 3:1 or "pro:tip" parses as an inline directive: it stays text, unless
      // it is a component's name with attributes or a label, which only a misplaced component has.
      const written = Object.keys(node.attributes ?? {}).length > 0 || (node.children?.length ?? 0) > 0;
      if (components[node.name!] && written) findings.push({ kind: 'component-form', name: node.name!, expected: formOf(node.name!), at });
      return;
    }
    if (node.type === 'leafDirective' || node.type === 'containerDirective') {
      const rule = components[node.name!];
      if (!rule) {
        findings.push({ kind: 'unknown-component', name: node.name!, suggestion: closest(node.name!, names, 1)[0], at });
        return;
      }
      if (rule.form !== node.type) findings.push({ kind: 'component-form', name: node.name!, expected: formOf(node.name!), at });
      const given = node.attributes ?? {};
      for (const attribute of Object.keys(given)) {
        if (!rule.attributes.includes(attribute))
          findings.push({
            kind: 'unknown-attribute',
            name: node.name!,
            attribute,
            suggestion: closest(attribute, rule.attributes, 1)[0],
            known: rule.attributes,
            at,
          });
      }
      for (const attribute of rule.required)
        if (!given[attribute]) findings.push({ kind: 'missing-attribute', name: node.name!, attribute, at });
      if (node.name === 'treatment' && given.id) references.treatments.push({ id: given.id, at });
      if (node.name === 'booking' && given.service) references.bookings.push({ service: given.service, at });
      return;
    }
    if (node.type === 'image') {
      if (!node.alt?.trim()) findings.push({ kind: 'missing-alt', src: node.url ?? '', at });
      const src = node.url ?? '';
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(src)) findings.push({ kind: 'remote-image', src, at });
      else if (!src.startsWith('/') && !besideImage.test(src)) findings.push({ kind: 'image-path', src, at });
      else if (!src.startsWith('/')) references.images.push({ src, at });
      return;
    }
    if ((node.type === 'link' || node.type === 'definition') && isAmbiguousHref(node.url ?? '')) {
      findings.push({ kind: 'ambiguous-link', href: node.url ?? '', at });
      return;
    }
    if (options.placeholders && node.type === 'text' && node.value) {
      for (const found of placeholdersIn(node.value, options.placeholders))
        findings.push({ kind: 'placeholder', text: found.text, at: columnAfter(node, found.index) });
    }
  });
  return { findings, references };
}

/** A component's name after a colon (`:treatment[...]` written inline, as a text directive). */
const componentName = new RegExp(`:(?:${Object.keys(components).join('|')})`);

/**
 * A link or definition whose destination may read as //host, /\host or \path: it starts with a backslash,
 * a character reference (&#47;), or "/" and then a slash, backslash, reference or control character.
 */
const mayHoldAmbiguousLink = /\](?:\(|:)[\u0000-\u0020]*<?[\u0000-\u0020]*(?:[\\&]|\/[\u0000-\u0020/\\&])/;

/**
 * Whether a body may hold anything inspectMarkdown reports, judged on the raw text: every finding
 * and reference comes from a directive (`::`, or a component's name after one colon), an image
 * (`![`), a link read as another site's (`](//`) or a placeholder in a text node. A text node's
 * value is a stretch of the raw text unless an escape or a character reference made it, so with
 * placeholders to find, `\` or `&` anywhere means the body is parsed. True errs on the safe side:
 * the body is then parsed.
 */
export function mayHoldFindings(markdown: string, placeholders: readonly string[] | undefined): boolean {
  if (markdown.includes('::') || markdown.includes('![') || componentName.test(markdown)) return true;
  if (mayHoldAmbiguousLink.test(markdown)) return true;
  if (!placeholders) return false;
  return /[\\&]/.test(markdown) || placeholders.some((p) => markdown.includes(p));
}

/** Renders an article body for its page or the feed; raw HTML and script in it are stripped by the sanitiser. */
export function renderMarkdown(markdown: string, context: MarkdownContext, syntax: MarkdownSyntax = syntaxOf(markdown)): RenderedMarkdown {
  return renderTree(parsedTree(markdown, syntax), markdown, context, syntax);
}

/**
 * An article body for its page and as the blog's feed carries it, from one parse (most of what a
 * body costs): the tree is copied before the page's transform changes it.
 */
export function renderPageAndFeed(
  markdown: string,
  page: MarkdownContext & { mode: 'page' },
  syntax: MarkdownSyntax = syntaxOf(markdown),
): { page: RenderedMarkdown; feed: string } {
  const tree = parsedTree(markdown, syntax);
  const copy = structuredClone(tree);
  return { page: renderTree(tree, markdown, page, syntax), feed: renderTree(copy, markdown, { ...page, mode: 'feed' }, syntax).html };
}

/** A body's tree as the compiler parses it. */
type BodyTree = ReturnType<ReturnType<typeof compilerOf>['parse']>;

/** processSync's first steps on the one frozen processor: the parse and the plugins' transforms. */
function parsedTree(markdown: string, syntax: MarkdownSyntax): BodyTree {
  const { compiler } = processorsOf(syntax);
  return compiler.runSync(compiler.parse(markdown)) as BodyTree;
}

/** Our transform after the plugins' own (as a plugin used last would run), then the HTML. */
function renderTree(tree: BodyTree, markdown: string, context: MarkdownContext, syntax: MarkdownSyntax): RenderedMarkdown {
  const outline: OutlineEntry[] = [];
  transformTree(tree as Node, markdown, context, outline);
  return { html: String(processorsOf(syntax).compiler.stringify(tree)), outline };
}

/** A body with no components or images resolved: for callers without a site context (tests, tools). */
export function markdownToHtml(markdown: string): string {
  return renderMarkdown(markdown, {
    mode: 'feed',
    slug: '',
    imageBase: '/images/blog/',
    booking: 'https://example.com/',
    bookingLabel: 'Book Now',
    treatments: {},
    images: {},
  }).html;
}

/** How an image beside the article is written: its file name, optionally after ./ (a JPEG or PNG). */
const besideImage = /^(\.\/)?[\w][\w.-]*\.(png|jpe?g)$/i;

/** The file name of an image written beside the article (./photo.png → photo.png). */
export function besideImageName(src: string): string {
  return src.replace(/^\.\//, '');
}

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens ("First section" → first-section). */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

function transformTree(tree: Node, source: string, context: MarkdownContext, outline: OutlineEntry[]): void {
  const used = new Map<string, number>(reservedIds.map((id) => [id, 0]));
  const slugOf = (text: string) => {
    const base = githubSlug(text) || 'section';
    let id = base;
    let n = used.get(base);
    // Duplicates get -1, -2 (and never another heading's own slug).
    while (used.has(id)) id = `${base}-${(n = (n ?? 0) + 1)}`;
    used.set(base, n ?? 0);
    used.set(id, 0);
    return id;
  };
  const visit = (parent: Node) => {
    const children = parent.children;
    if (!children) return;
    for (let i = 0; i < children.length; i++) {
      const node = children[i]!;
      if (node.type === 'textDirective') {
        children[i] = { type: 'text', value: sourceOf(node, source) };
        continue;
      }
      visit(node);
      if (node.type === 'heading') children[i] = anchored(node, slugOf, outline);
      else if (node.type === 'table') children[i] = scrollable(node);
      else if (node.type === 'list' && node.children?.some((item) => typeof item.checked === 'boolean')) taskList(node);
      else if (node.type === 'image') children[i] = picture(node, context);
      else if (node.type === 'containerDirective' || node.type === 'leafDirective') children[i] = component(node, context);
      else if (node.type === 'link' && /^https?:/i.test(node.url ?? '') && context.mode === 'page') outbound(node);
    }
  };
  visit(tree);
}

/** A heading with its slug as id, in a wrapper with an anchor link beside it (not inside: the heading's text stays its name). */
function anchored(heading: Node, slugOf: (text: string) => string, outline: OutlineEntry[]): Node {
  const text = plainText(heading).trim();
  const id = slugOf(text);
  if (heading.depth === 2) outline.push({ id, text });
  heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, id } };
  const link: Node = {
    type: 'anchorLink',
    data: {
      hName: 'a',
      hProperties: { className: ['heading-anchor'], href: `#${id}`, ariaLabel: `Link to this section: ${text}` },
      hChildren: [{ type: 'element', tagName: 'span', properties: { ariaHidden: 'true' }, children: [{ type: 'text', value: '#' }] }],
    },
  };
  return {
    type: 'anchoredHeading',
    data: { hName: 'div', hProperties: { className: ['heading-anchored', `heading-${heading.depth}`] } },
    children: [heading, link],
  };
}

/** A link to another site opens in a new tab without opener or referrer, and says so to screen readers (as the templates' links do). */
function outbound(link: Node): void {
  link.data = { ...link.data, hProperties: { ...link.data?.hProperties, target: '_blank', rel: ['noopener', 'noreferrer'] } };
  link.children = [
    ...(link.children ?? []),
    {
      type: 'newTab',
      data: {
        hName: 'span',
        hProperties: { className: ['visually-hidden'] },
        hChildren: [{ type: 'text', value: ' (opens in a new tab)' }],
      },
    },
  ];
}

/**
 * A checklist: each box is drawn, not an unlabelled form control (a disabled checkbox without a
 * label is an accessibility failure), and says "done" or "to do" to screen readers.
 */
function taskList(list: Node): void {
  list.data = { ...list.data, hProperties: { ...list.data?.hProperties, className: ['contains-task-list'] } };
  for (const item of list.children ?? []) {
    if (typeof item.checked !== 'boolean') continue;
    const done = item.checked;
    item.checked = null;
    item.data = { ...item.data, hProperties: { ...item.data?.hProperties, className: ['task-list-item'] } };
    const box: Node = {
      type: 'taskBox',
      data: {
        hName: 'span',
        hProperties: { className: ['task-box', done ? 'task-done' : 'task-open'], role: 'img', ariaLabel: done ? 'Done:' : 'To do:' },
        hChildren: [],
      },
    };
    const first = item.children?.[0];
    if (first?.type === 'paragraph') first.children = [box, ...(first.children ?? [])];
    else item.children = [box, ...(item.children ?? [])];
  }
}

/** A table in a labelled, focusable region that scrolls sideways on a phone; header cells say they head their column. */
function scrollable(table: Node): Node {
  const header = table.children?.[0];
  for (const cell of header?.children ?? []) cell.data = { ...cell.data, hProperties: { ...cell.data?.hProperties, scope: 'col' } };
  // Column alignment as a class: the align attribute is obsolete HTML, and style attributes break the CSP.
  const align = table.align ?? [];
  for (const row of table.children ?? []) {
    row.children?.forEach((cell, i) => {
      if (align[i] === 'right' || align[i] === 'center')
        cell.data = { ...cell.data, hProperties: { ...cell.data?.hProperties, className: [`align-${align[i]}`] } };
    });
  }
  table.align = null;
  const names = (header?.children ?? []).map((cell) => plainText(cell).trim()).filter(Boolean);
  const label = names.length > 0 ? `Table: ${names.join(', ')}` : 'Table';
  return {
    type: 'tableScroll',
    data: { hName: 'div', hProperties: { className: ['table-scroll'], role: 'region', ariaLabel: label, tabIndex: 0 } },
    children: [table],
  };
}

/** An image beside the article: its published path, size and (on the page) AVIF and WebP variants, lazy. */
function picture(image: Node, context: MarkdownContext): Node {
  const src = image.url ?? '';
  const path = src.startsWith('/') ? src : `${context.imageBase}${besideImageName(src)}`;
  const info = context.images[path];
  const img: Element = {
    type: 'element',
    tagName: 'img',
    properties: {
      src: path,
      alt: image.alt ?? '',
      ...(info ? { width: info.width, height: info.height } : {}),
      ...(context.mode === 'page' ? { loading: 'lazy', decoding: 'async' } : {}),
    },
    children: [],
  };
  if (!info || context.mode === 'feed') return { type: 'picture', data: { hName: 'img', hProperties: img.properties } };
  const sources: ElementContent[] = info.sources.map((s) => ({
    type: 'element',
    tagName: 'source',
    properties: { type: s.type, srcSet: s.srcset, sizes: '(min-width: 800px) 736px, 100vw' },
    children: [],
  }));
  return { type: 'picture', data: { hName: 'picture', hChildren: [...sources, img] } };
}

/** A component: callouts wrap their content; booking and treatment are links (without analytics hooks in the feed). */
function component(node: Node, context: MarkdownContext): Node {
  const name = node.name ?? '';
  const attributes = node.attributes ?? {};
  // A container's label is its first child, marked; a leaf directive's label is all its children.
  const label =
    node.type === 'leafDirective' ? (node.children?.length ? node : undefined) : node.children?.find((c) => c.data?.directiveLabel);
  const body = node.type === 'leafDirective' ? [] : (node.children ?? []).filter((c) => c !== label);
  if (name in calloutTitles) {
    const title: Node = {
      type: 'paragraph',
      data: { hProperties: { className: ['callout-title'] } },
      children: label?.children ?? [{ type: 'text', value: (context.calloutTitles ?? calloutTitles)[name as CalloutName] }],
    };
    return {
      type: 'callout',
      data: { hName: 'div', hProperties: { className: ['callout', `callout-${name}`], role: 'note' } },
      children: [title, ...body],
    };
  }
  if (name === 'booking') {
    const url = new URL(context.booking);
    if (attributes.service) url.searchParams.set('service', attributes.service);
    const text = label ? plainText(label).trim() : context.bookingLabel;
    const hooks =
      context.mode === 'page'
        ? { dataEvent: 'book_now_clicked', dataEventCategory: 'conversion', dataEventLabel: `article:${context.slug}`, dataNewWindow: '' }
        : {};
    const link: Element = {
      type: 'element',
      tagName: 'a',
      properties: { className: ['button'], href: url.href, target: '_blank', rel: ['noopener', 'noreferrer'], ...hooks },
      children: [
        { type: 'text', value: text },
        {
          type: 'element',
          tagName: 'span',
          properties: { className: ['visually-hidden'] },
          children: [{ type: 'text', value: ' (opens in a new tab)' }],
        },
      ],
    };
    return { type: 'booking', data: { hName: 'p', hProperties: { className: ['article-booking'] }, hChildren: [link] } };
  }
  if (name === 'treatment') {
    const treatment = context.treatments[attributes.id ?? ''];
    if (!treatment) return { type: 'missing', data: { hName: 'span' } };
    const link: Element = {
      type: 'element',
      tagName: 'a',
      properties: { className: ['article-treatment'], href: treatment.href },
      children: [
        {
          type: 'element',
          tagName: 'span',
          properties: { className: ['article-treatment-title'] },
          children: [{ type: 'text', value: treatment.title }],
        },
        {
          type: 'element',
          tagName: 'span',
          properties: { className: ['article-treatment-text'] },
          children: [{ type: 'text', value: treatment.text }],
        },
      ],
    };
    return { type: 'treatmentCard', data: { hName: 'p', hChildren: [link] } };
  }
  // Unknown components are errors before anything is rendered; nothing of one reaches a page.
  return { type: 'unknown', data: { hName: 'span' } };
}

/** How a component is written, for messages. */
function formOf(name: string): string {
  const rule = components[name]!;
  if (rule.form === 'containerDirective') return `:::${name} on a line of its own, the text below it, and ::: to close it`;
  return `::${name}${rule.attributes[0] ? `{${rule.attributes[0]}="…"}` : ''} on a line of its own`;
}

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
}

function plainText(node: Node): string {
  if (node.value !== undefined && node.type !== 'html') return node.value;
  if (node.type === 'image') return node.alt ?? '';
  return (node.children ?? []).map(plainText).join('');
}

function sourceOf(node: Node, source: string): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? `:${node.name ?? ''}` : source.slice(start, end);
}

function positionOf(node: Node): BodyPosition {
  return { line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
}

/** The position of the character `index` of a text node (which may span lines). */
function columnAfter(node: Node, index: number): BodyPosition {
  const start = positionOf(node);
  const before = (node.value ?? '').slice(0, index);
  const lines = before.split('\n');
  return lines.length === 1
    ? { line: start.line, column: start.column + index }
    : { line: start.line + lines.length - 1, column: lines.at(-1)!.length + 1 };
}

/** Words in a markdown body, for the read-time estimate. */
export function countWords(markdown: string): number {
  return markdown
    .replace(/[#>*_`[\]()-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
}

/** "N min read" at 220 words a minute, at least one minute. */
export function readTimeOf(markdown: string): string {
  return `${Math.max(1, Math.round(countWords(markdown) / 220))} min read`;
}
