/** Errors a user can cause: one type, one catalogue, printed with file, line and a code frame. */

/** Where in a source file a problem is (1-based line and column; file relative to the project). */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/** Every mistake a user can make, as data: what happened, what to do, and where. */
export class SiteError extends Error {
  readonly code: ErrorCode;
  readonly title: string;
  readonly hint: string | undefined;
  readonly loc: SourceLocation | undefined;

  constructor(code: ErrorCode, message: string, options: { hint?: string; loc?: SourceLocation } = {}) {
    // A user's mistake is shown by its place in their file, never by a stack: capturing one per problem costs more than the problem.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'SiteError';
    this.code = code;
    this.title = titles[code];
    this.hint = options.hint;
    this.loc = options.loc;
  }
}

/** Several user mistakes found in one run; the build reports them all at once. */
export class SiteErrors extends Error {
  readonly errors: SiteError[];

  constructor(errors: SiteError[]) {
    super(`${errors.length} problem${errors.length === 1 ? '' : 's'} found`);
    this.name = 'SiteErrors';
    // Read in file order, top to bottom; problems without a place (links, images) come last, as found.
    this.errors = errors
      .map((error, index) => ({ error, index }))
      .sort((a, b) => compareLocations(a.error.loc, b.error.loc) || a.index - b.index)
      .map(({ error }) => error);
  }
}

function compareLocations(a: SourceLocation | undefined, b: SourceLocation | undefined): number {
  if (!a || !b) return (a ? 0 : 1) - (b ? 0 : 1);
  return a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column;
}

const titles = {
  'yaml-syntax': 'YAML syntax error',
  'front-matter-syntax': 'Front matter syntax error',
  'missing-field': 'Missing field',
  'unknown-field': 'Unknown field',
  'wrong-type': 'Wrong type of value',
  'invalid-value': 'Invalid value',
  'invalid-date': 'Invalid date',
  'duplicate-id': 'Duplicate id',
  'unknown-reference': 'Reference to something that does not exist',
  'unknown-fact': 'Placeholder for a fact that does not exist',
  'missing-metadata': 'Page without metadata',
  'broken-link': 'Broken link',
  'broken-anchor': 'Broken anchor',
  'missing-file': 'Missing file',
  'bad-image': 'Image of the wrong size',
  'bad-image-file': 'Image that is not a readable picture',
  'image-encoder-stopped': 'Image encoder that stopped before it was done',
  'template-error': 'Template error',
  'asset-error': 'Asset error',
  'output-error': 'Cannot write the output',
  'unsafe-output': 'Output folder refused',
  'serve-error': 'Cannot start the preview server',
  'changed-during-build': 'File changed during the build',
  usage: 'Wrong usage',
  exists: 'File already exists',
  'unreadable-file': 'File cannot be read',
  'bad-encoding': 'Text that is not UTF-8',
  'bad-file-name': 'File name that is not a slug',
  'yaml-too-complex': 'YAML too complex to read',
  'redirect-error': 'Redirect that cannot work',
  'markdown-component': 'Component that does not exist or is written wrongly',
  'missing-alt': 'Image without alt text',
  'placeholder-text': 'Placeholder text left in',
  'not-reviewed': 'Medical page never reviewed',
  'review-outdated': 'Medical review more than 12 months old',
  'ambiguous-link': 'Link that looks like a path but leads to another site',
  'yaml-tag': 'YAML tag that content files do not use',
  'link-outside-project': 'Link to a file outside the project',
  'image-too-large': 'Image too large to process',
  'empty-file': 'Empty file',
  'markdown-too-deep': 'Markdown nested too deeply',
  'markdown-too-many-marks': 'Markdown with more marks than the site can read quickly',
  'control-character': 'Invisible control character',
  'translation-missing-text': 'Text missing from a translation',
  'translation-mismatch': 'Translation that does not match its English file',
  'translation-figure': 'Figure of the English text missing from its translation',
  'translation-stale': 'Translation older than its English file',
  'translation-not-reviewed': 'Translation never reviewed',
  'translation-part-in-english': 'Part of a Spanish page shown in English',
  'translation-alone': 'Translation without an English file',
  'translation-incomplete': 'Spanish site without a file every page needs',
  'hreflang-error': 'Language alternate that does not lead back',
  'search-index': 'Search index that cannot be built',
  'public-clash': 'File of public/ at a path the build makes',
  'unread-file': 'File the build never reads',
  'editor-not-installed': 'Browser editor not installed',
} as const;

export type ErrorCode = keyof typeof titles;

/** A text cut to a length a message can quote. */
function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 90 ? `${flat.slice(0, 87)}...` : flat;
}

/** The catalogue: each message says what happened and what to do about it. */
export const problems = {
  yamlSyntax: (loc: SourceLocation, detail: string, code?: string) => {
    const { message, hint } = yamlProblem(code, detail);
    return new SiteError('yaml-syntax', message, { loc, hint });
  },
  /** An unclosed '…' (the catalogue's wording for quotes speaks of "…", whose escape differs). */
  unclosedSingleQuote: (loc: SourceLocation, message: string) =>
    new SiteError('yaml-syntax', message, {
      loc,
      hint: "add the closing ' at the end of the text, or remove the opening one (inside '…' a quote mark is written twice: 'It''s')",
    }),
  /** `key: text: more` on one line: the author's own field and value, quoted as they should write it. */
  secondColon: (loc: SourceLocation, key: string, quoted: string) =>
    new SiteError('yaml-syntax', `the value of "${key}" holds a second ": ", so YAML reads the rest as a field inside the value`, {
      loc,
      hint: `put the whole value in quotes, e.g. ${key}: ${quoted}, or move the second field to a line of its own`,
    }),
  missingField: (loc: SourceLocation, field: string, expected: string) =>
    new SiteError('missing-field', `"${field}" is required but missing`, {
      loc,
      hint: `add a line "${field}: ..." with ${expected}`,
    }),
  unknownField: (loc: SourceLocation, field: string, suggestion: string | undefined, known: string[], required = false) =>
    new SiteError('unknown-field', `"${field}" is not a field this file can have`, {
      loc,
      hint: suggestion
        ? `did you mean "${suggestion}"?${required ? ' it is required, so rename this one' : ''}`
        : `the known fields are: ${known.join(', ')}`,
    }),
  reservedField: (loc: SourceLocation, field: string) =>
    new SiteError('unknown-field', `"${field}" is not a field any content file can have`, {
      loc,
      hint: 'delete this line: "__proto__" is a name the programs reading the file keep for themselves',
    }),
  wrongType: (loc: SourceLocation, field: string, expected: string, received: string) =>
    new SiteError('wrong-type', `"${field}" should be ${expected}, but it is ${received}`, {
      loc,
      hint: `write ${expected} here`,
    }),
  invalidValue: (loc: SourceLocation, field: string, detail: string, hint?: string) =>
    new SiteError('invalid-value', `"${field}" ${detail}`, hint ? { loc, hint } : { loc }),
  invalidDate: (loc: SourceLocation, field: string, value: string) =>
    new SiteError('invalid-date', `"${field}" is "${value}", which is not a real date`, {
      loc,
      hint: 'write the date as YYYY-MM-DD, for example 2024-03-04',
    }),
  duplicateId: (loc: SourceLocation, kind: string, id: string, other: string) =>
    new SiteError('duplicate-id', `the ${kind} "${id}" is defined twice (also in ${other})`, {
      loc,
      hint: `give one of them a different ${kind === 'article slug' || kind === 'image path' ? 'file name' : 'id'}`,
    }),
  unknownReference: (loc: SourceLocation, kind: string, id: string, closest: string[]) =>
    new SiteError('unknown-reference', `there is no ${kind} with the id "${id}"`, {
      loc,
      hint: closest.length > 0 ? `did you mean ${closest.map((c) => `"${c}"`).join(' or ')}?` : `add it first, or remove the reference`,
    }),
  /** A synonym in content/search.yaml for a page the site does not have, or one that search does not find. */
  unknownSearchPage: (loc: SourceLocation, page: string, exists: boolean, closest: string[]) =>
    new SiteError('unknown-reference', exists ? `the page "${page}" is not one that search finds` : `there is no page at "${page}"`, {
      loc,
      hint: `${closest.length > 0 ? `did you mean ${closest.map((c) => `"${c}"`).join(' or ')}? ` : ''}search finds articles, ` +
        `treatments, service pages and the home page`,
    }),
  searchIndexError: (detail: string) =>
    new SiteError('search-index', `the search index could not be built: ${detail}`, {
      hint: 'reinstall the packages with npm ci: the pagefind package brings its program for this computer in @pagefind/<platform>',
    }),
  missingMetadata: (loc: SourceLocation, route: string) =>
    new SiteError('missing-metadata', `the page ${route} has no metadata entry`, {
      loc,
      hint: `add an entry "${route}:" with title, description and keywords`,
    }),
  unusedMetadata: (loc: SourceLocation, route: string) =>
    new SiteError('missing-metadata', `there is no page ${route}, so this metadata entry is never used`, {
      loc,
      hint: 'write the address of a page exactly (such as /process), or remove the entry; treatment, article and legal pages take ' +
        'their title and description from their own file',
    }),
  brokenLink: (page: string, href: string, loc?: SourceLocation, suggestion?: string) =>
    new SiteError('broken-link', `the page ${page} links to ${href}, which is not a page of the site`, {
      ...(loc ? { loc } : {}),
      hint: suggestion
        ? `did you mean ${suggestion}?`
        : `fix the link in the ${loc ? 'content' : 'content or template that produces it'}, or add the missing page`,
    }),
  brokenAnchor: (page: string, href: string, loc?: SourceLocation, suggestion?: string) =>
    new SiteError('broken-anchor', `the page ${page} links to ${href}, but no element has that id`, {
      ...(loc ? { loc } : {}),
      hint: suggestion ? `did you mean ${suggestion}?` : 'fix the #anchor, or give the target element that id',
    }),
  badEscape: (page: string, href: string, loc?: SourceLocation) =>
    new SiteError('broken-link', `the page ${page} links to ${href}, but a "%" in it is not followed by two hexadecimal digits`, {
      ...(loc ? { loc } : {}),
      hint: 'write %25 for a percent sign, or fix the escape (%20 stands for a space)',
    }),
  badEscapeText: (page: string, href: string, loc?: SourceLocation) =>
    new SiteError(
      'broken-link',
      `the page ${page} links to ${href}, but its %-escapes do not spell valid UTF-8 text (one is cut short or mistyped)`,
      {
        ...(loc ? { loc } : {}),
        hint: 'type the characters themselves (such as é), or copy the address again in full; %C3%A9 stands for é, and each character ' +
          'needs all of its escapes',
      },
    ),
  brokenRelativeLink: (page: string, href: string, resolved: string, loc?: SourceLocation, suggestion?: string) =>
    new SiteError('broken-link', `the page ${page} links to ${href}, which from that page leads to ${resolved}, not a page of the site`, {
      ...(loc ? { loc } : {}),
      hint: `${suggestion ? `did you mean ${suggestion}? ` : ''}a link without a leading "/" is read from the address of the page it is ` +
        `on; start it with "/" to link from the site's root, such as /process`,
    }),
  missingFile: (loc: SourceLocation | undefined, path: string, what: string, hint?: string) =>
    new SiteError('missing-file', `${what} "${path}" does not exist`, {
      ...(loc ? { loc } : {}),
      hint: hint ?? 'check the spelling of the path; files under public/ are referred to from the site root, e.g. /images/photo.jpg',
    }),
  badImage: (path: string, width: number, height: number, expected: string) =>
    new SiteError('bad-image', `${path} is ${width}x${height} pixels; it must be ${expected}`, {
      hint: 'export the image again at the required size',
    }),
  /** A `{name}` in a text that names none of the facts the build fills in. */
  unknownFact: (loc: SourceLocation, name: string, known: string[], suggestion: string | undefined) =>
    new SiteError('unknown-fact', `{${name}} is not a fact the build can fill in`, {
      loc,
      hint:
        `${suggestion ? `did you mean {${suggestion}}? ` : ''}write one of ${known.map((k) => `{${k}}`).join(', ')} ` +
        "(from content/site.yaml and the founder's provider file), or remove the braces",
    }),
  /** A `{name}` written otherwise than in single braces with no spaces (`{ phone }`, `{phone`, `{{phone}}`): published as written. */
  malformedFact: (loc: SourceLocation, written: string, meant: string | undefined, known: string[]) =>
    new SiteError('unknown-fact', `"${written}" would be published as written: a fact is its name in single braces, with no spaces`, {
      loc,
      hint: meant
        ? `write {${meant}}`
        : `write one of ${known.map((k) => `{${k}}`).join(', ')}, or remove the brace${written.length > 1 ? 's' : ''}`,
    }),
  /** A `{name}` in site.yaml or a provider's file, which hold the facts themselves: nothing there is filled in. */
  factNotFilled: (loc: SourceLocation, written: string, file: string) =>
    new SiteError('unknown-fact', `"${written}" would be published as written: ${file} holds the facts, and nothing in it is filled in`, {
      loc,
      hint: 'write the fact itself here, such as the phone number, or remove the braces',
    }),
  /** A size written beside an image's path that is not the file's own: the page would reserve the wrong space. */
  imageSizeMismatch: (loc: SourceLocation, src: string, declared: string, measured: string, field: 'width' | 'height') =>
    new SiteError('bad-image', `${src} is ${measured} pixels, but ${field} here says ${declared}`, {
      loc,
      hint: `delete the width and height lines: the build measures the picture itself (or write the file's own size, ${measured})`,
    }),
  badImageFile: (file: string) =>
    new SiteError(
      'bad-image-file',
      `${file} is not a picture that can be read: the file is damaged, or it is not really a ` +
        `${/\.png$/i.test(file) ? 'PNG' : /\.jpe?g$/i.test(file) ? 'JPEG' : 'image'}`,
      {
        loc: { file, line: 1, column: 1 },
        hint: 'open it in an image editor and export it again as JPEG or PNG, or replace it with the original file; a file renamed to ' +
          '.png or .jpg does not become a picture',
      },
    ),
  imageEncoderStopped: (file: string, why: string) =>
    new SiteError('image-encoder-stopped', `the smaller versions of ${file} could not be made: the image encoder stopped (${why})`, {
      loc: { file, line: 1, column: 1 },
      hint: 'the machine may be short of memory: close other programs and build again; images already made are kept in ' +
        'node_modules/.cache/clinic-site/images',
    }),
  templateError: (detail: string, loc?: SourceLocation) =>
    new SiteError('template-error', detail, {
      ...(loc ? { loc } : {}),
      hint: 'fix the template file; the error comes from the TypeScript/JSX compiler or from rendering',
    }),
  assetError: (detail: string, loc?: SourceLocation) =>
    new SiteError('asset-error', detail, { ...(loc ? { loc } : {}), hint: 'fix the stylesheet or browser script' }),
  changedDuringBuild: (file: string) =>
    new SiteError('changed-during-build', `${file} changed while the site was being built`, {
      loc: { file, line: 1, column: 1 },
      hint: 'run the build again once the file is saved',
    }),
  editorNotInstalled: (folder: string) =>
    new SiteError('editor-not-installed', 'the browser editor (decap-cms-app) is not installed here, so --editor cannot add it', {
      hint: `run npm install in ${folder}, then build again; an install with --omit=dev (enough to build and serve) leaves it out`,
    }),
  outputError: (detail: string, hint?: string) =>
    new SiteError('output-error', detail, { hint: hint ?? 'check that the output folder is writable and the disk is not full' }),
  serveError: (code: string | undefined, first: number, last: number, host: string) => {
    if (code === 'EADDRINUSE') {
      return new SiteError('serve-error', first === last ? `port ${first} is already in use` : `ports ${first} to ${last} are all in use`, {
        hint: 'another preview is probably running: stop it with Ctrl+C in its terminal, or pass a free port such as --port 0 (any free ' +
          'port)',
      });
    }
    if (code === 'EACCES' || code === 'EPERM') {
      return new SiteError('serve-error', `port ${first} needs administrator rights`, {
        hint: 'use a port above 1023, such as --port 4321 (the default)',
      });
    }
    return new SiteError('serve-error', `"${host}" is not an address of this computer (${code ?? 'unknown error'})`, {
      hint: 'pass --host 127.0.0.1 for this computer only, or --host alone to listen on every network interface',
    });
  },
  watcherError: (why: string) =>
    new SiteError('serve-error', `the file watcher could not start (${why})`, {
      hint: 'start clinic-site serve again; if it fails again on Linux, raise fs.inotify.max_user_watches (each watched file takes one)',
    }),
  unsafeOutput: (detail: string, hint?: string) =>
    new SiteError('unsafe-output', detail, { hint: hint ?? 'give the site a folder of its own: dist (the default) or a new folder name' }),
  usage: (detail: string, hint?: string) => new SiteError('usage', detail, hint ? { hint } : {}),
  frontMatterLanguage: (loc: SourceLocation, language: string) =>
    new SiteError(
      'front-matter-syntax',
      `the front matter is marked as "${language}", but only YAML front matter is allowed (nothing in it is ever run)`,
      {
        loc,
        hint: 'make the first line three dashes alone (---) and write the fields below it as YAML, one "name: value" per line',
      },
    ),
  frontMatterYamlMark: (loc: SourceLocation, mark: string) =>
    new SiteError('front-matter-syntax', `the first line marks the front matter as "${mark}", which the browser editor does not read`, {
      loc,
      hint: `delete "${mark}", leaving three dashes alone (---): the front matter is read as YAML all the same`,
    }),
  frontMatterFence: (loc: SourceLocation, line: string) =>
    new SiteError(
      'front-matter-syntax',
      `the first line "${line.length > 40 ? `${line.slice(0, 40)}…` : line}" should be three dashes alone (---)`,
      {
        loc,
        hint: line.startsWith('----')
          ? 'write exactly three dashes: ---'
          : `put "${line.replace(/^-+\s*/, '').slice(0, 40)}" on the next line, under a line holding only ---`,
      },
    ),
  unreadableFile: (loc: SourceLocation, reason: string, hint?: string) =>
    new SiteError('unreadable-file', `${loc.file} cannot be read (${reason})`, {
      loc,
      hint:
        hint ??
        (reason === 'permission denied'
          ? 'give your user permission to read the file (for example chmod a+r FILE), or copy its text into a new file'
          : 'check the file and the disk, then run the build again'),
    }),
  notAFile: (loc: SourceLocation, what: string) =>
    new SiteError('unreadable-file', `${loc.file} is a folder, not ${what}`, {
      loc,
      hint: `rename the folder so its name does not end in ${loc.file.slice(loc.file.lastIndexOf('.'))}, or move what it holds out of ` +
        `it and delete it`,
    }),
  badEncoding: (loc: SourceLocation) =>
    new SiteError(
      'bad-encoding',
      'the file holds bytes that are not UTF-8 text here, which would show on the page as question marks in boxes',
      {
        loc,
        hint: 'save the file as UTF-8 in your editor (in VS Code: "Save with Encoding", then UTF-8), or type the character at this ' +
          'place again',
      },
    ),
  notUtf8: (loc: SourceLocation) =>
    new SiteError('bad-encoding', 'this file is not saved as UTF-8 text: it is saved as UTF-16 (which some editors call "Unicode")', {
      loc,
      hint: 'save it as UTF-8 in your editor: in VS Code, "Save with Encoding", then UTF-8; in Notepad, "Save as" with Encoding UTF-8',
    }),
  doubledExtension: (loc: SourceLocation, renamed: string) =>
    new SiteError('bad-file-name', `the file name has a doubled extension (${loc.file.split('/').at(-1)}), so the build does not read it`, {
      loc,
      hint: `rename the file to ${renamed.split('/').at(-1)}`,
    }),
  badFileName: (loc: SourceLocation, kind: string, suggestion: string | undefined) =>
    new SiteError(
      'bad-file-name',
      `the file name is the ${kind}, part of the page address, so it may only hold lower-case letters, digits and hyphens`,
      {
        loc,
        hint: suggestion
          ? `rename the file to ${suggestion}`
          : 'rename the file using lower-case letters, digits and hyphens, for example my-article.md',
      },
    ),
  yamlTooDeep: (loc: SourceLocation, limit: number) =>
    new SiteError('yaml-too-complex', `lists and groups are nested more than ${limit} levels deep here`, {
      loc,
      hint: 'check the indentation: each level of a group starts two spaces further right, and content needs only a few levels',
    }),
  yamlAliasBomb: (loc: SourceLocation, limit: number) =>
    new SiteError('yaml-too-complex', `the anchors (&name) and aliases (*name) here would expand to more than ${limit} copies`, {
      loc,
      hint: 'write the values out in full instead of using & and *',
    }),
  yamlVersion: (loc: SourceLocation, line: string) =>
    new SiteError('yaml-syntax', `"${line}" asks for an older YAML; content files are read as YAML 1.2`, { loc, hint: 'delete this line' }),
  emptyArticle: (loc: SourceLocation) =>
    new SiteError('empty-file', 'the article file is empty', {
      loc,
      hint: 'write its front matter and text (npx clinic-site new article "Title" makes a complete one), or delete the file',
    }),
  frontMatterNotClosed: (loc: SourceLocation) =>
    new SiteError('front-matter-syntax', 'the front matter opened by the "---" on this line is never closed', {
      loc,
      hint: "add a line holding only --- after the last field (such as image: or featured:), before the article's text starts",
    }),
  markdownTooDeep: (loc: SourceLocation, limit: number) =>
    new SiteError('markdown-too-deep', `quotes (>), lists and components are nested more than ${limit} levels deep here`, {
      loc,
      hint: 'an article needs a few levels at most: remove the extra > or list markers, or the indentation that nests the lines',
    }),
  markdownTooManyMarks: (loc: SourceLocation, limit: number) =>
    new SiteError(
      'markdown-too-many-marks',
      `this paragraph holds more than ${limit.toLocaleString('en-US')} of the characters * _ ~ [ ], more than the site can read quickly`,
      {
        loc,
        hint: 'split this line or paragraph with blank lines, or remove the repeated * _ ~ [ ] characters (a paragraph needs a few dozen)',
      },
    ),
  markdownTooManyBlocks: (loc: SourceLocation, what: 'containers' | 'underlines', limit: number) =>
    what === 'containers'
      ? new SiteError(
        'markdown-too-many-marks',
        `the article has more than ${limit.toLocaleString('en-US')} quote (>) and list markers at line starts, ` +
          'more than the site can read quickly',
        { loc, hint: 'split the article into several, or remove the repeated > and list markers from here on' },
      )
      : new SiteError(
        'markdown-too-many-marks',
        `the article has more than ${limit} lines of only = or - under a line of text, each making that line a heading`,
        { loc, hint: 'write headings as "## Heading", and put a blank line above a --- line meant as a divider' },
      ),
  controlCharacter: (loc: SourceLocation, code: number) =>
    new SiteError('control-character', `an invisible control character (U+${code.toString(16).toUpperCase().padStart(4, '0')}) is here`, {
      loc,
      hint: 'delete it: it usually comes from pasting text from another program; retype the text around it if your editor does not show it',
    }),
  overIndented: (loc: SourceLocation, key: string, above: string) =>
    new SiteError('yaml-syntax', `this line is indented further than "${above}" above it, so YAML reads "${key}:" as part of its value`, {
      loc,
      hint:
        `if "${key}" is a field of its own, start it in the same column as "${above}"; if this line continues the text of "${above}", ` +
        'put that whole value in double quotes',
    }),
  /** A file in a folder of content/ that the build does not know (content/treatment/ for content/treatments/). */
  strayFolder: (loc: SourceLocation, folder: string, suggestion: string | undefined, folders: readonly string[]) =>
    new SiteError('unread-file', `${loc.file} is never read: content/${folder}/ is not a folder the build reads`, {
      loc,
      hint: suggestion
        ? `did you mean content/${suggestion}/? move the file there`
        : `the folders of content/ are ${folders.map((f) => `${f}/`).join(', ')}: move the file into the one it belongs to, or out of ` +
          'content/',
    }),
  /** A file whose extension its folder does not hold (content/treatments/notes.md, content/blog/upper.MD). */
  strayExtension: (loc: SourceLocation, what: string, renamed: string) =>
    new SiteError('unread-file', `${loc.file} is never read: ${what}`, {
      loc,
      hint: `rename it to ${renamed} if it is meant to be published, or move it out of content/: notes belong beside it, not in it`,
    }),
  /** A file directly in content/ that no page reads (content/random-notes.yaml). */
  strayTopFile: (loc: SourceLocation, suggestion: string | undefined) =>
    new SiteError('unread-file', `${loc.file} is never read: no page of the site is made from a file of that name`, {
      loc,
      hint: suggestion
        ? `did you mean content/${suggestion}? copy what it holds there`
        : 'move it into the folder it belongs to, such as content/treatments/, or out of content/: notes belong beside it, not in it',
    }),
  ymlExtension: (loc: SourceLocation, name: string) =>
    new SiteError('bad-file-name', 'the file name ends in .yml, so the build does not read it: content files end in .yaml', {
      loc,
      hint: `rename the file to ${name}`,
    }),
  ymlBesideYaml: (loc: SourceLocation, other: string) =>
    new SiteError('duplicate-id', `this file is never read: ${other} has the same name and is the one the build reads`, {
      loc,
      hint: `copy what you still need from this file into ${other}, then delete this one`,
    }),
  /** A treatment listed a second time where a visitor would see its card twice. */
  listedTwice: (loc: SourceLocation, id: string, where: string, other: string) =>
    new SiteError('duplicate-id', `the treatment "${id}" is listed twice in this ${where} (also in ${other})`, {
      loc,
      hint: 'remove one of the two: visitors would see the same treatment twice',
    }),
  categoryTwice: (loc: SourceLocation, name: string, first: number) =>
    new SiteError('duplicate-id', `the category "${name}" is described twice in categories (also as entry #${first})`, {
      loc,
      hint: 'remove one of the two entries, keeping the colour and settings you want',
    }),
  reviewInFuture: (loc: SourceLocation, reviewedOn: string, today: string) =>
    new SiteError('invalid-date', `"reviewedOn" is ${reviewedOn}, after today (${today}): a review cannot be recorded before it happens`, {
      loc,
      hint: 'write the day the provider actually reviewed the page, as YYYY-MM-DD',
    }),
  categoryClash: (loc: SourceLocation, name: string, other: string) =>
    new SiteError('invalid-value', `the category "${name}" would share its page with the category "${other}"`, {
      loc,
      hint: `write it exactly as "${other}" if they are the same category, or choose a name that differs in more than capitals and ` +
        `punctuation`,
    }),
  redirectClash: (loc: SourceLocation, from: string, what: string) =>
    new SiteError('redirect-error', `the old address ${from} is ${what}, so it cannot also lead elsewhere`, {
      loc,
      hint: 'remove this line: visitors of that address already find something there',
    }),
  redirectTwice: (loc: SourceLocation, from: string, other: string) =>
    new SiteError('redirect-error', `the old address ${from} is already kept by ${other}`, {
      loc,
      hint: 'remove one of the two lines: an old address can lead to one page only',
    }),
  redirectTarget: (loc: SourceLocation, to: string, suggestion: string | undefined) =>
    new SiteError('redirect-error', `this redirect leads to ${to}, which is not a page of the site`, {
      loc,
      hint: suggestion ? `did you mean ${suggestion}?` : 'point it at a page of the site, such as /process, or at a full https:// address',
    }),
  redirectChain: (loc: SourceLocation, to: string, next: string) =>
    new SiteError('redirect-error', `this redirect leads to ${to}, which is itself an old address that leads to ${next}`, {
      loc,
      hint: `point it at ${next} directly: visitors and search engines should not be sent on twice`,
    }),
  unknownComponent: (loc: SourceLocation, name: string, suggestion: string | undefined, known: string[]) =>
    new SiteError('markdown-component', `there is no component called "${name}"`, {
      loc,
      hint: suggestion ? `did you mean "${suggestion}"?` : `the components are: ${known.join(', ')} (see docs/content.md)`,
    }),
  componentForm: (loc: SourceLocation, name: string, expected: string) =>
    new SiteError('markdown-component', `the component "${name}" is not written the way it works`, { loc, hint: `write ${expected}` }),
  componentNotClosed: (loc: SourceLocation, name: string, colons: string) =>
    new SiteError('markdown-component', `the ${colons}${name} opened here is never closed, so the rest of the article would be inside it`, {
      loc,
      hint: `add a line holding only ${colons} where the ${name} ends`,
    }),
  unknownAttribute: (loc: SourceLocation, name: string, attribute: string, suggestion: string | undefined, known: string[]) =>
    new SiteError('markdown-component', `"${attribute}" is not something the ${name} component takes`, {
      loc,
      hint: suggestion
        ? `did you mean "${suggestion}"?`
        : known.length > 0
          ? `it takes: ${known.join(', ')}`
          : `it takes nothing between { }: remove them`,
    }),
  missingAttribute: (loc: SourceLocation, name: string, attribute: string) =>
    new SiteError('markdown-component', `the ${name} component needs ${attribute}="…"`, {
      loc,
      hint: `write it as ::${name}{${attribute}="…"}`,
    }),
  treatmentWithoutPage: (loc: SourceLocation, id: string) =>
    new SiteError('unknown-reference', `the treatment "${id}" is not shown on any page, so its card would lead nowhere`, {
      loc,
      hint: `list "${id}" in a pillar of content/home.yaml or on a service page (content/services/*.yaml), or name another treatment`,
    }),
  missingAlt: (loc: SourceLocation, src: string) =>
    new SiteError('missing-alt', `the image ${src} has no alt text, so screen-reader users cannot know what it shows`, {
      loc,
      hint: `describe the picture between the brackets: ![What the photo shows](${src})`,
    }),
  remoteImage: (loc: SourceLocation, src: string) =>
    new SiteError('missing-file', `the image ${src} is on another site; pictures in articles must be files of this site`, {
      loc,
      hint: 'save the picture beside the article (content/blog/photo.png) and write ![What it shows](./photo.png)',
    }),
  imagePath: (loc: SourceLocation, src: string) =>
    new SiteError('missing-file', `the image ${src} is not a JPEG or PNG beside the article`, {
      loc,
      hint: 'save the picture beside the article (content/blog/photo.png) and write its file name: ![What it shows](./photo.png), or a ' +
        'path under public/ such as /images/photo.png',
    }),
  /** In an article (which can stay a draft), a treatment (which has no draft, but need not be shown) or another page file. */
  placeholderText: (loc: SourceLocation, text: string, kind: 'article' | 'treatment' | 'page' = 'article') => {
    const fix = text === 'TODO' ? 'finish what the TODO asks for and remove it' : 'replace it with the real text';
    const hints = {
      article: `${fix}, or keep the page a draft (draft: true)`,
      treatment: `${fix}; a treatment has no draft, so until it is finished leave it out of content/home.yaml and the service pages (a ` +
        `treatment no page shows may keep placeholders)`,
      page: fix,
    };
    return new SiteError('placeholder-text', `"${text}" is placeholder text that would be published`, { loc, hint: hints[kind] });
  },
  notReviewed: (loc: SourceLocation, page: string) =>
    new SiteError('not-reviewed', `the medical page ${page} has never been medically reviewed`, {
      loc,
      hint: 'once a provider has reviewed it, add "reviewedBy:" (their id in content/providers/) and "reviewedOn: YYYY-MM-DD"; never ' +
        'record a review that did not happen',
    }),
  reviewOutdated: (loc: SourceLocation, page: string, reviewedOn: string, today: string) =>
    new SiteError('review-outdated', `the medical page ${page} was last reviewed on ${reviewedOn}, more than 12 months before ${today}`, {
      loc,
      hint: 'have a provider review it again, then update "reviewedOn:" to the day of that review',
    }),
  /** A text field the English file has and its translation lacks: the English is shown so the author can translate it. */
  translationMissingText: (loc: SourceLocation, field: string, english: string) =>
    new SiteError('translation-missing-text', `"${field}" is missing from this translation (the English says: "${clip(english)}")`, {
      loc,
      hint: `add "${field.split(' ').pop()}:" with the translation of that text`,
    }),
  translationMismatch: (loc: SourceLocation, field: string, detail: string) =>
    new SiteError('translation-mismatch', `"${field}" ${detail}`, {
      loc,
      hint: 'a translation follows its English file entry for entry: translate each entry in the same order',
    }),
  translationUnknownFrom: (loc: SourceLocation, key: string, english: string, suggestion: string | undefined, known: string[]) =>
    new SiteError('translation-mismatch', `"${key}" under translation: from: is not a field of ${english}: nothing is compared with it`, {
      loc,
      hint: `${suggestion ? `did you mean "${suggestion}"? ` : `the fields are: ${known.join(', ')}; `}run "npx clinic-site translated ` +
        `${loc.file}" to write these hashes afresh`,
    }),
  translationEmptyBody: (loc: SourceLocation, english: string) =>
    new SiteError('translation-missing-text', `this translation has no text below its front matter, where ${english} has its article`, {
      loc,
      hint: 'write the translated article below the closing ---, or delete this file until it is translated',
    }),
  translationFigure: (loc: SourceLocation, field: string, figure: string, english: string) =>
    new SiteError('translation-figure', `"${field}" lacks the figure ${figure} that the English text has ("${clip(english)}")`, {
      loc,
      hint: 'facts and figures are carried over exactly: write the same number (a decimal point, not a comma) in the translation',
    }),
  translationStale: (loc: SourceLocation, english: string, fields: string[], meanwhile = '') => {
    const message = `${loc.file} was translated from an older ${english}: changed since: ${fields.join(', ')}${meanwhile}`;
    const hint = `bring those fields up to date with the English, then run "npx clinic-site translated ${loc.file}" to record it`;
    return new SiteError('translation-stale', message, { loc, hint });
  },
  translationNotReviewed: (loc: SourceLocation) =>
    new SiteError('translation-not-reviewed', `${loc.file} has not been reviewed by a qualified medical translator`, {
      loc,
      hint:
        'once one has, add "reviewedBy:" (their name) and "reviewedOn: YYYY-MM-DD" under "translation:"; ' +
        'never record a review that did not happen',
    }),
  /** An English file a Spanish page shows (a treatment on its cards) without a translation: the page shows it in English meanwhile. */
  translationPartInEnglish: (loc: SourceLocation, translation: string, pages: readonly string[]) =>
    new SiteError(
      'translation-part-in-english',
      `${loc.file} has no Spanish translation, so ${pages.join(', ')} ${pages.length === 1 ? 'shows' : 'show'} it in English, ` +
        'marked "(en inglés)"',
      { loc, hint: `translate its text into ${translation}, then run "npx clinic-site translated ${translation}"` },
    ),
  translationAlone: (loc: SourceLocation, english: string) =>
    new SiteError('translation-alone', `this translation has no English file: ${english} does not exist`, {
      loc,
      hint: `name the translation after the English file it translates (NAME.es.yaml beside NAME.yaml), or delete it`,
    }),
  translationIncomplete: (loc: SourceLocation, needed: string) =>
    new SiteError(
      'translation-incomplete',
      `the site has Spanish pages (${loc.file} exists), but ${needed}, which all show, is not translated`,
      {
        loc,
        hint:
          `add ${needed.replace(/\.(yaml|md)$/, '.es.$1')} (copy the English file and translate its text), ` +
          `or delete ${loc.file} to publish in English only`,
      },
    ),
  hreflangError: (page: string, detail: string) =>
    new SiteError('hreflang-error', `the page ${page} ${detail}`, {
      hint: 'this is a fault of the generator, not of the content: please report it',
    }),
  /** A symbolic link under content/, templates/ or public/ that leads out of the project: what it points to is never read. */
  linkOutsideProject: (file: string, target: string, folder: boolean) => {
    const what = folder ? 'folder' : 'file';
    return new SiteError('link-outside-project', `${file} is a symbolic link to ${target}, outside the project, so it is not read`, {
      loc: { file, line: 1, column: 1 },
      hint: `a site is built only from its own files: delete the link, then copy the ${what} ${target} to ${file.replace(/\/$/, '')}`,
    });
  },
  /** A picture with so many pixels that decoding it would take seconds and gigabytes: refused before it is decoded. */
  imageTooLarge: (file: string, width: number, height: number, limit: number, longest: number) => {
    const size = `${width}x${height} pixels (${Math.round((width * height) / 1e6)} megapixels)`;
    const why = 'making their smaller versions takes seconds and gigabytes of memory';
    return new SiteError('image-too-large', `${file} is ${size}; pictures of more than ${limit / 1e6} megapixels are refused: ${why}`, {
      loc: { file, line: 1, column: 1 },
      hint: `resize it to at most ${longest} pixels on its longer side in an image editor and save it again (pages show at most 1600)`,
    });
  },
  /** A stylesheet esbuild could read only by guessing (a brace left open, an @import after a rule): the guess would ship. */
  stylesheetError: (detail: string, loc: SourceLocation | undefined, hint: string) =>
    new SiteError('asset-error', detail, { ...(loc ? { loc } : {}), hint }),
  /** An href that looks like a path but is not one (//host, /\host, \path); `subject` says where, such as `the page / links to`. */
  ambiguousLink: (loc: SourceLocation | undefined, subject: string, href: string, allowsExternal: boolean) => {
    const host = /^[\s/\\]*([^/\\?#\s]+)/.exec(href)?.[1];
    const start = href.trim().slice(0, 2);
    const twice = /^[/\\]{2}$/.test(start);
    const site = host ? ` (${host})` : '';
    const what = twice
      ? `, which browsers open on another site${site}: a link starting with "${start}" names a host, not a page of this site`
      : ', which starts with a backslash (\\): browsers read it as "/", other tools as part of the text';
    const full = twice && host ? ` (https://${href.trim().replace(/^[/\\]+/, '')})` : '';
    const hint = allowsExternal
      ? `write a full https:// address for another site${full}, or a path starting with a single "/" for a page here, such as /process`
      : 'write a path of this site starting with a single "/", such as /process or /images/photo.jpg; this field takes no https:// address';
    return new SiteError('ambiguous-link', `${subject} ${href}${what}`, { ...(loc ? { loc } : {}), hint });
  },
  /** A tag other than YAML 1.2's core ones: refused, never dropped (nothing in content is ever run or decoded). */
  yamlTag: (loc: SourceLocation, tag: string) => {
    const name = tag.replace(/^!<tag:yaml\.org,2002:(.*)>$/, '!!$1');
    const meaning = yamlTagMeanings[name] ?? (/js\//i.test(name) ? 'a JavaScript value, which is never run' : 'a kind of value of its own');
    const date = name === '!!timestamp' ? ' (a date as YYYY-MM-DD)' : '';
    const message = `${tag} is a YAML tag that content files do not use (it asks for ${meaning}), so the value after it cannot be read`;
    return new SiteError('yaml-tag', message, {
      loc,
      hint: `remove "${tag}" and write the value alone${date}; a text that starts with ! goes in quotes`,
    });
  },
  /** A core tag on a value it does not fit (!!float 3, !!str on a group). */
  yamlTagMisfit: (loc: SourceLocation, tag: string) => {
    const name = tag.replace(/^!<tag:yaml\.org,2002:(.*)>$/, '!!$1');
    return new SiteError('yaml-tag', `the value after ${tag} is not ${yamlCoreKinds[name] ?? 'what the tag asks for'}`, {
      loc,
      hint: `remove "${tag}": content files need no tags, and a value in quotes is always text`,
    });
  },
  /** A file of public/ that would be copied where the build puts a file of its own: one would silently replace the other. */
  publicClash: (file: string, output: string, what: string) =>
    new SiteError('public-clash', `${file} would be copied to /${output}, where the build puts ${what}`, {
      loc: { file, line: 1, column: 1 },
      hint: `rename ${file} or remove it: the build makes that path itself, and one of the two would silently replace the other (a page ` +
        'changes through its content file)',
    }),
  exists: (path: string) =>
    new SiteError('exists', `${path} already exists; nothing was written`, {
      hint: 'choose another title or id, or edit the existing file',
    }),
};

/** A quote opened and never closed. */
function unclosedQuote(quoted: string): { message: string; hint: string } {
  return {
    message: `the quote (${quoted}) opened here is never closed`,
    hint: `add the closing ${quoted} at the end of the text, or remove the opening one (inside "…" write \\" for a quote mark)`,
  };
}

/** A value starting with a character YAML keeps for itself. */
function reservedStart(character: string): { message: string; hint: string } {
  return {
    message: `a value cannot start with ${character} unless it is in quotes`,
    hint: 'put the value in double quotes, e.g. title: "@home"',
  };
}

/** YAML messages too long to stand in the lines of yamlProblem. */
const yamlMessages = {
  m1: {
    message: 'a list item ("- ") here is indented less than the items of its list',
    hint: 'start every "- " of one list in the same column',
  },
  m2: {
    message: 'this line is not "name: value": its ": " is missing',
    hint: 'write the field as "name: value" with a space after the colon, or join the line to the value above it',
  },
  m3: {
    message: 'a # here starts a comment without a space before it',
    hint: 'put a space before the #, or put the whole value in quotes if the # belongs to it',
  },
  m4: {
    message: 'a value starting with & or ! must be in quotes',
    hint: 'put the value in double quotes',
  },
  m5: {
    message: 'a list item here is missing its "- "',
    hint: 'start each item of the list with "- "',
  },
  m6: {
    message: 'a ":" inside [ ] or { } has no space after it',
    hint: 'write a space after the colon, or put the entry in quotes',
  },
  m7: {
    message: 'entries in [ ] or { } are not separated by commas',
    hint: 'separate the entries with ", ", or put an entry with a comma or colon in quotes',
  },
  m8: {
    message: 'a "---" line is missing after a % line',
    hint: 'delete the line starting with %',
  },
  m9: {
    message: 'a bracket ([ or {) opened here is never closed',
    hint: 'close the list with ] or the group with } on the same line, or write each entry on its own line starting with "- "',
  },
  m10: {
    message: 'a list in [ ] is not closed before the next field',
    hint: 'close the list with ] on the same line, or write each entry on its own line starting with "- "',
  },
  m11: {
    message: 'this line is indented differently from the lines of its group',
    hint: 'line this up with the fields around it: fields of the same group start in the same column',
  },
  m12: {
    message: 'this line is indented with a tab',
    hint: 'indent with spaces only: replace the tab at the start of this line with spaces',
  },
  m13: {
    message: 'this field appears twice in the same group',
    hint: 'a field can appear only once in the same group: remove one of the two, or rename it',
  },
  m14: {
    message: 'a backslash (\\) in double-quoted text starts an escape YAML does not know',
    hint: "write \\\\ for a backslash, or use single quotes ('…'), where a backslash is just a backslash",
  },
  m15: {
    message: 'YAML reads this line as the start of a field name that never ends: a "name: value" line is missing its ": "',
    hint: 'write the field as "name: value" with a space after the colon; quote text that contains ": "',
  },
  m16: {
    message: 'something follows where the value should have ended (text after a closing quote, or a stray ] or })',
    hint: 'put the whole value in quotes if it contains quotes or brackets, or remove the stray character',
  },
  m17: {
    message: 'a list in [ ] or a group in { } continues on lines written like a block ("- " or "name:")',
    hint: 'write a [ ] list on one line, or write each item on its own line starting with "- " without brackets',
  },
  m18: {
    message: 'the text before ": " is far longer than a field name can be',
    hint: 'check that the line before has its closing quote, and put long text after "name: "',
  },
  m19: {
    message: 'a line starting with % is a YAML directive that content files do not use',
    hint: 'delete the line; a value that starts with % goes in quotes',
  },
  m20: {
    message: 'a *name here refers to an anchor (&name) that is not defined before it',
    hint: 'write the value out in full; content files need neither & nor *; a value starting with * or & goes in quotes',
  },
  m21: {
    message: 'the & or ! marks here (YAML anchors and tags) are combined in a way YAML does not allow',
    hint: 'remove the & and ! marks, which content files do not need; a value starting with & or ! goes in quotes',
  },
  m22: {
    message: 'a !mark here asks YAML for a kind of value that content files do not use',
    hint: 'remove the !… mark; a value starting with ! goes in quotes',
  },
};

/**
 * A YAML parser error in the words of someone who edits content, not of the YAML spec: what
 * happened and what to do, by the `yaml` package's error code (and, where one code covers two
 * mistakes, by its message). Every code the parser has is here; the parser's own wording is
 * shown only for a code it may add in a later version.
 */
export function yamlProblem(code: string | undefined, detail: string): { message: string; hint: string } {
  const quoted = /quote/i.test(detail) ? (/single/i.test(detail) || detail.includes("'quote") ? "'" : '"') : undefined;
  switch (code) {
    case 'BLOCK_AS_IMPLICIT_KEY':
      if (/sequence/i.test(detail)) return yamlMessages.m1;
      return {
        message: 'this value holds a second ": " (as in "555 010 0142 ext: 2"), so YAML reads the rest as a field inside the value',
        hint: 'put the whole value in double quotes, e.g. phone: "555 010 0142 ext: 2", or move the second field to a line of its own',
      };
    case 'MISSING_CHAR':
      if (/followed by map values/i.test(detail)) return yamlMessages.m2;
      if (/comments/i.test(detail)) return yamlMessages.m3;
      if (/tags and anchors/i.test(detail)) return yamlMessages.m4;
      if (/sequence item/i.test(detail)) return yamlMessages.m5;
      if (/space after :/i.test(detail)) return yamlMessages.m6;
      if (/between .* items/i.test(detail)) return yamlMessages.m7;
      if (/directives-end|directives/i.test(detail)) return yamlMessages.m8;
      if (quoted) return unclosedQuote(quoted);
      return yamlMessages.m9;
    case 'BAD_INDENT':
      if (/flow/i.test(detail)) return yamlMessages.m10;
      return yamlMessages.m11;
    case 'TAB_AS_INDENT':
      return yamlMessages.m12;
    case 'DUPLICATE_KEY':
      return yamlMessages.m13;
    case 'BAD_DQ_ESCAPE':
      return yamlMessages.m14;
    case 'BAD_SCALAR_START':
      return reservedStart(detail.trim().slice(-1));
    case 'MULTILINE_IMPLICIT_KEY':
      return yamlMessages.m15;
    case 'UNEXPECTED_TOKEN':
      return yamlMessages.m16;
    case 'BLOCK_IN_FLOW':
      return yamlMessages.m17;
    case 'KEY_OVER_1024_CHARS':
      return yamlMessages.m18;
    case 'MULTIPLE_DOCS':
      return { message: detail, hint: 'delete the "---" line, or move what follows it into a file of its own' };
    case 'BAD_DIRECTIVE':
      return yamlMessages.m19;
    case 'BAD_ALIAS':
      return yamlMessages.m20;
    case 'ALIAS_PROPS':
    case 'MULTIPLE_ANCHORS':
    case 'MULTIPLE_TAGS':
    case 'BAD_PROP_ORDER':
      return yamlMessages.m21;
    case 'BAD_COLLECTION_TYPE':
    case 'TAG_RESOLVE_FAILED':
      return yamlMessages.m22;
    case 'NON_STRING_KEY':
      return { message: 'a field name here is a list or a group, not a word', hint: 'field names are plain words followed by ": "' };
    case 'IMPOSSIBLE':
      return { message: 'YAML could not read this line', hint: yamlDefaultHint };
    default:
      return { message: detail, hint: yamlDefaultHint };
  }
}

/** What the YAML 1.1 tags the parser still knows would make of a value, for the message that refuses them. */
const yamlTagMeanings: Record<string, string> = {
  '!!binary': 'binary data decoded from base64',
  '!!timestamp': 'a date and time',
  '!!set': 'a set',
  '!!omap': 'an ordered map',
  '!!pairs': 'a list of pairs',
  '!!merge': 'fields merged from elsewhere',
  '!!value': 'a default value',
};

/** What each core tag asks its value to be. */
const yamlCoreKinds: Record<string, string> = {
  '!!str': 'text',
  '!!int': 'a whole number',
  '!!float': 'a number written with a decimal point, such as 3.0',
  '!!bool': 'true or false',
  '!!null': 'empty',
  '!!map': 'a group of "name: value" lines',
  '!!seq': 'a list',
};

const yamlDefaultHint =
  'check the indentation and that every "key: value" pair has a space after the colon; quote text that contains ": " or starts with a ' +
    'symbol';

/** The errors inside any thrown value that a user caused, or undefined for a bug of ours. */
export function userErrors(error: unknown): SiteError[] | undefined {
  if (error instanceof SiteErrors) return error.errors;
  if (error instanceof SiteError) return [error];
  return undefined;
}
