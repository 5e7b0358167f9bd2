/** The command line: parses flags, calls build/serve/check, and turns errors into messages and exit codes. */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { HostedEditor } from './authoring/cms/admin-files.ts';
import { build, type BuildResult } from './build.ts';
import { userErrors } from './errors.ts';
import { briefWarning, formatBytes, formatError, palette, useColor } from './report.ts';
import { diskWriter, memoryWriter } from './write/writer.ts';

const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Runs the CLI with the given arguments (without node and script); resolves to the exit code. */
export async function main(argv: string[], root = process.cwd()): Promise<number> {
  const color = useColor(process.stdout);
  const errColor = useColor(process.stderr);
  let exitCode = 0;

  const program = new Command()
    .name('clinic-site')
    .description('Builds the clinic website from content/ into plain HTML.')
    .version(version, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(palette(errColor).red(text)) })
    .showSuggestionAfterError(true);

  const io: CommandContext = { root, color, keepRunning: () => void (exitCode = -1), fail: () => void (exitCode = 1) };
  buildCommands(program, io);
  serveCommand(program, io);
  authoringCommands(program, io);
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    return report(error, root, errColor);
  }
  return exitCode;
}

/** What every command's action needs: the project folder, whether stdout takes colour, and a way to say the process keeps running. */
interface CommandContext {
  root: string;
  color: boolean;
  /** The server keeps the process alive until it is interrupted. */
  keepRunning: () => void;
  /** The command ends with exit code 1 although nothing was thrown (`check --launch` with things left). */
  fail: () => void;
}

/** The flags of `build`. */
interface BuildFlags {
  out: string;
  baseUrl?: string;
  drafts?: boolean;
  future?: boolean;
  verbose?: boolean;
  editor?: HostedEditor;
  editorPreviewStatus?: string;
}

/** `build` and `check`: the same pipeline into a folder or into memory. */
function buildCommands(program: Command, { root, color, fail }: CommandContext): void {
  const c = palette(color);
  program
    .command('build')
    .description('build the site into an output folder (dist/ unless told)')
    .option('-o, --out <dir>', 'output folder', 'dist')
    .option('--base-url <url>', 'absolute address of the site, overriding content/site.yaml', parseUrl)
    .option('--drafts', 'include draft and future-dated articles, marked as drafts')
    .option('--future', 'include articles dated in the future')
    .option('--verbose', 'also print the size of every asset and the largest page, and warnings with every file they name')
    .option('--editor <owner/repo[@branch]>', 'put the browser editor into admin/, publishing to this GitHub repository', parseRepo)
    .option('--editor-preview-status <name>', "with --editor: the name of the host's deploy-preview status, if it lacks \"deploy\"")
    .action(async (options: BuildFlags) => {
      const previewContext = options.editorPreviewStatus;
      const result = await build({
        ...(options.editor ? { editor: { ...options.editor, ...(previewContext ? { previewContext } : {}) } } : {}),
        root,
        writer: diskWriter(resolve(root, options.out), root),
        baseUrl: options.baseUrl,
        drafts: options.drafts ?? false,
        future: options.future ?? false,
      });
      const shown = relative(root, resolve(root, options.out));
      process.stdout.write(
        summary(result, shown.startsWith('..') ? resolve(root, options.out) : shown || '.', color, options.verbose ?? false),
      );
    });

  program
    .command('check')
    .description('validate content and verify links without writing anything')
    .option('--drafts', 'check draft and future-dated articles too')
    .option('--strict', 'also fail on medical pages never reviewed or reviewed more than 12 months ago (for CI)')
    .option('--launch', 'also list, with file and line, everything the clinic must replace before launch; fails while any is left')
    .action(async (options: { drafts?: boolean; strict?: boolean; launch?: boolean }) => {
      const result = await build({ root, writer: memoryWriter(), drafts: options.drafts ?? false, strictReview: options.strict ?? false });
      process.stdout.write(
        `${c.green('✓')} ${result.pages} pages checked in ${Math.round(result.elapsedMs)} ms: content valid, every link ` +
          `resolves${options.strict ? ', every medical page reviewed within 12 months' : ''}\n`,
      );
      for (const warning of result.warnings) process.stdout.write(`${c.yellow('!')} ${options.launch ? headOf(warning) : warning}\n`);
      if (options.launch) await launchChecklist(root, color, fail);
    });
}

/** `check --launch`: the launch checklist after the check; exit code 1 while anything but an option is left. */
async function launchChecklist(root: string, color: boolean, fail: () => void): Promise<void> {
  const [{ loadContent }, { launchChecklist: checklist }, { formatChecklist }] = await Promise.all([
    import('./load/content.ts'),
    import('./launch/checklist.ts'),
    import('./launch/print.ts'),
  ]);
  const items = checklist(await loadContent(root), new Date().toISOString().slice(0, 10));
  const { text, ready } = formatChecklist(items, color);
  process.stdout.write(text);
  if (!ready) fail();
}

/** A warning's first line: with --launch, the files a warning lists are in the checklist or in plain `check`. */
function headOf(warning: string): string {
  const [head = '', ...rest] = warning.split('\n');
  return rest.length === 0 ? head : `${head.replace(/:$/, '')} (${rest.length} files; plain \`check\` lists them)`;
}

/** `serve`: the dev server, loaded only when asked for. */
function serveCommand(program: Command, { root, color, keepRunning }: CommandContext): void {
  program
    .command('serve')
    .description('build, serve with live reload, and rebuild on every change')
    .option('-p, --port <n>', 'port to listen on (0 picks a free one)', parsePort, 4321)
    .option('--host [host]', 'address to listen on; --host alone listens on every network interface', '127.0.0.1')
    .option('--open', 'open the site in the default browser')
    .action(async (options: { port: number; host: string | true; open?: boolean }) => {
      const { serve } = await import('./serve/server.ts');
      const host = options.host === true ? '0.0.0.0' : options.host;
      const server = await serve({ root, port: options.port, host, open: options.open ?? false, color });
      const stop = () => void server.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      keepRunning();
    });
}

/** `new article`, `new treatment` and the hidden `generate`: tools for authors, loaded only when asked for. */
function authoringCommands(program: Command, { root, color }: CommandContext): void {
  const c = palette(color);
  const create = program.command('new').description('start a new content file from a complete template');
  create
    .command('article')
    .description('write content/blog/SLUG.md as a draft, with every field filled in')
    .argument('<title>', 'the article title, in quotes')
    .option('--category <name>', 'its category (default: the most used one)')
    .action(async (title: string, options: { category?: string }) => {
      const { newArticle } = await import('./authoring/scaffold.ts');
      const made = await newArticle(root, title, {
        today: new Date().toISOString().slice(0, 10),
        ...(options.category ? { category: options.category } : {}),
      });
      process.stdout.write(
        `${c.green('✓')} wrote ${made.file}\n  preview it with ${c.bold('npm start')} at http://127.0.0.1:4321${made.url}\n  it is a ` +
          `draft: remove "draft: true" to publish it\n`,
      );
    });
  create
    .command('treatment')
    .description('write content/treatments/ID.yaml with every field present')
    .argument('<id>', 'lower case words joined by hyphens, e.g. vitamin-d')
    .action(async (id: string) => {
      const { newTreatment } = await import('./authoring/scaffold.ts');
      const made = await newTreatment(root, id);
      process.stdout.write(
        `${c.green('✓')} wrote ${made.file}\n` +
          `  list "${id}" in a pillar of content/home.yaml or a service page to show it (${made.url})\n`,
      );
    });

  program
    .command('translated')
    .description('record that translations (NAME.es.yaml, SLUG.es.md) are up to date with their English files as they are now')
    .argument('[files...]', 'the translation files, such as content/treatments/ssri.es.yaml')
    .option('--all', 'every translation of the site (only after checking each one against its English)')
    .action(async (files: string[], options: { all?: boolean }) => {
      const { markTranslated } = await import('./authoring/translated.ts');
      const marked = await markTranslated(root, files, options.all ?? false);
      for (const m of marked) {
        const was = m.changed.length > 0 ? ` (its English had changed in: ${m.changed.join(', ')})` : ' (it already was)';
        process.stdout.write(`${c.green('✓')} ${m.file} marked as translated from ${m.english} as it is now${was}\n`);
      }
    });

  program
    .command('generate', { hidden: true })
    .description('regenerate the editor schemas (schemas/), editor settings and the field reference of docs/content.md')
    .action(async () => {
      const { writeGenerated } = await import('./authoring/generated.ts');
      const written = await writeGenerated(root);
      process.stdout.write(`${c.green('✓')} ${written.length} generated files up to date\n`);
    });
}

/** The one place that turns a thrown value into text on stderr and an exit code. */
function report(error: unknown, root: string, color: boolean): number {
  if (error instanceof CommanderError) {
    // "commander.help" is help shown because no command was given: wrong usage, unlike --help.
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0;
    return 2;
  }
  const errors = userErrors(error);
  const c = palette(color);
  if (errors) {
    if (errors.some((e) => e.code === 'usage' || e.code === 'unsafe-output' || e.code === 'serve-error')) {
      for (const e of errors) process.stderr.write(`${formatError(root, e, color)}\n`);
      return errors.some((e) => e.code === 'serve-error') ? 1 : 2;
    }
    process.stderr.write(`\n${errors.map((e) => formatError(root, e, color)).join('\n\n')}\n\n`);
    process.stderr.write(
      `${c.red('✗')} ${errors.length} problem${errors.length === 1 ? '' : 's'} found; nothing was written, the previous output is ` +
        `unchanged.\n`,
    );
    return 1;
  }
  process.stderr.write(
    `${c.red('Internal error')} (a bug in clinic-site, not in your ` +
      `content):\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  return 1;
}

/**
 * The report a build ends with: its result line and each warning on one line (a list of files counted, not listed);
 * `verbose` adds the asset sizes, the largest page and the warnings' lists.
 */
export function summary(result: BuildResult, out: string, color: boolean, verbose = false): string {
  const c = palette(color);
  const unchanged = result.pages - result.rendered;
  const lines = [
    `${c.green('✓')} ${result.pages} pages written to ${out}/ in ${Math.round(result.elapsedMs)} ` +
      `ms${unchanged > 0 ? c.dim(` (${result.rendered} rendered, ${unchanged} unchanged)`) : ''}`,
  ];
  if (verbose) {
    const width = Math.max(...result.assets.map((a) => a.file.length), result.largestPage?.file.length ?? 0);
    for (const asset of result.assets)
      lines.push(`  ${asset.file.padEnd(width)}  ${formatBytes(asset.bytes).padStart(9)}  ${c.dim(`${formatBytes(asset.gzip)} gzip`)}`);
    if (result.largestPage)
      lines.push(`  ${c.dim('largest page')} ${result.largestPage.file}  ${c.dim(`${formatBytes(result.largestPage.gzip)} gzip`)}`);
  }
  for (const warning of result.warnings) lines.push(`${c.yellow('!')} ${verbose ? warning : briefWarning(warning)}`);
  if (verbose && result.warnings.length === 0) lines.push(c.dim('  no warnings'));
  return `${lines.join('\n')}\n`;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('must be a port number from 0 to 65535');
  return port;
}

function parseRepo(value: string): HostedEditor {
  const match = /^([\w.-]+\/[\w.-]+)(?:@([\w./-]+))?$/.exec(value);
  if (!match) throw new InvalidArgumentError('must be a GitHub repository as OWNER/NAME, or OWNER/NAME@BRANCH');
  return { repo: match[1]!, branch: match[2] ?? 'main' };
}

function parseUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error();
    return url.href.replace(/\/$/, '');
  } catch {
    throw new InvalidArgumentError('must be a full address such as https://www.example.com');
  }
}
