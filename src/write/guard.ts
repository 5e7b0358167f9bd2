/** Which folder a build may replace: only one that is new, empty, or was written by clinic-site. */
import { readdirSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, parse, relative, resolve, sep } from 'node:path';
import { problems, type SiteError } from '../errors.ts';
import { isMarkerText, outputMarker, unknownShown } from './marker.ts';

export { outputMarker } from './marker.ts';

/** Folders of the project that hold its sources (or tools): an output there would overwrite them. */
const projectFolders = [
  'content',
  'templates',
  'public',
  'src',
  'bin',
  'lib',
  'test',
  'scripts',
  'schemas',
  'docs',
  'bench',
  'node_modules',
  '.git',
  '.ci',
  '.vscode',
];

/**
 * Throws a SiteError (code "unsafe-output") unless `outDir` may be replaced by a build of the
 * project in `root`: the filesystem root, the home folder, the project or any folder holding it,
 * the project's own folders, and a path starting with "~" the shell left as written are refused
 * outright; an existing folder must be empty or carry the marker of an earlier build (which files
 * of it the build may replace, the commit checks against that marker: see ownerCheck). Symbolic
 * links are followed, so a link cannot smuggle one in.
 */
export function guardOutput(root: string, outDir: string): void {
  // "--out=~/site" reaches us as written (the shell expands ~ only at the start of a word), and would make a folder named "~".
  const written = relative(resolve(root), resolve(outDir)).split(sep)[0]!;
  if (written.startsWith('~')) {
    throw problems.unsafeOutput(
      `the output folder "${relative(resolve(root), resolve(outDir))}" starts with "~", which the shell did not turn into your ` +
        `home folder (it does not after "=" or inside quotes), so the build would create a folder named "${written}" in the project`,
      'write the full path, such as --out "$HOME/site", or a folder name such as --out dist',
    );
  }
  const target = realPath(resolve(outDir));
  const project = realPath(resolve(root));
  const shown = relative(project, target) || '.';
  const refuse = (why: string, hint?: string): never => {
    throw problems.unsafeOutput(`the output folder "${shownOutput(project, target)}" ${why}, so the build will not write there`, hint);
  };
  if (target === parse(target).root) refuse('is the root of the filesystem');
  if (target === realPath(homedir())) refuse('is your home folder');
  if (target === project || project.startsWith(target.endsWith(sep) ? target : target + sep)) {
    refuse(
      target === project
        ? 'is the project folder itself (content/, templates/ and the rest would be replaced)'
        : 'contains the project (content/, templates/ and the rest would be replaced)',
    );
  }
  const inProject = relative(project, target).split(sep)[0]!;
  if (!inProject.startsWith('..') && projectFolders.includes(inProject)) {
    refuse(
      `${relative(project, target) === inProject ? 'is' : 'is inside'} the project's ${inProject}/ folder, ` +
        'which holds files the site is made from',
    );
  }

  // The build's temporary folders beside the output add ".NAME.building-PID-TIME" to its name: file systems allow 255 bytes.
  const bytes = Buffer.byteLength(basename(target));
  if (bytes > 200) {
    refuse(`has a name ${bytes} bytes long (at most 200 are allowed)`, 'pass a shorter folder name, such as --out dist');
  }
  const info = statOutput(target, refuse, (path) => shownOutput(project, path));
  if (!info) return;
  if (!info.isDirectory()) refuse('is a file, not a folder', 'pass a folder name, such as --out dist');
  let entries: string[];
  try {
    entries = readdirSync(target);
  } catch (error) {
    throw problems.outputError(`cannot read the output folder "${shown}": ${reasonOf(error)}`);
  }
  if (entries.length > 0 && !entries.includes(outputMarker)) {
    refuse(
      `already holds files that clinic-site did not write (it has no ${outputMarker} file)`,
      `pass a new or empty folder, such as --out dist; if nothing in "${basename(target)}" is needed, empty it yourself first`,
    );
  }
  // A marker proves something only when a build wrote it: an empty or hand-made one lists no file as the build's.
  const others = entries.filter((name) => name !== outputMarker).sort();
  if (others.length > 0 && !isMarkerText(readMarker(target))) {
    throw foreignOutput(root, target, others, `its ${outputMarker} file was not written by this version of clinic-site`);
  }
}

/** The output folder's stat (undefined when it does not exist yet); a path that cannot be a folder is refused, saying why. */
function statOutput(target: string, refuse: (why: string, hint?: string) => never, show: (path: string) => string): Stats | undefined {
  try {
    return statSync(target, { throwIfNoEntry: false });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') {
      let file = dirname(target);
      while (dirname(file) !== file && !isFile(file)) file = dirname(file);
      refuse(`is inside "${show(file)}", which is a file, not a folder`, 'pass a folder name, such as --out dist');
    }
    if (code === 'ENAMETOOLONG') refuse('is a path too long for the file system', 'pass a shorter path, such as --out dist');
    throw problems.outputError(`cannot read the output folder "${show(target)}": ${reasonOf(error)}`, remedyOf(error));
  }
}

/** Whether a path is a file (false when it cannot be read, such as a path under a file). */
function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Why a file of an output is not the build's, when its marker was written by a build. */
const unlisted = `its ${outputMarker} file does not list them with the bytes a build wrote`;

/**
 * The refusal of an output folder holding files no build wrote (paths inside it): names the
 * folder and the first few files, and says what to do.
 */
export function foreignOutput(root: string, target: string, files: readonly string[], why = unlisted): SiteError {
  const named =
    files
      .slice(0, unknownShown)
      .map((f) => `"${f}"`)
      .join(', ') + (files.length > unknownShown ? ' and more' : '');
  const shown = shownOutput(realPath(resolve(root)), realPath(target));
  return problems.unsafeOutput(
    `the output folder "${shown}" holds files that clinic-site did not write: ${named} (${why}), so the build will not replace it`,
    `move those files out of "${shown}" (a file of the output you changed: delete it, and the build writes it again) ` +
      'or build into another folder with --out, since a build replaces what its output holds; ' +
      'if the folder is the output of an older clinic-site, delete it and build again',
  );
}

/** How a message names the output folder: inside the project by its path from there, else in full. */
function shownOutput(project: string, target: string): string {
  const shown = relative(project, target) || '.';
  return shown.startsWith('..') ? target : shown;
}

/** The text of the output's marker file, or '' when it cannot be read. */
function readMarker(target: string): string {
  try {
    return readFileSync(join(target, outputMarker), 'utf8');
  } catch {
    return '';
  }
}

/** A path with every existing part resolved through symbolic links (the missing rest kept as written). */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realPath(parent), basename(path));
  }
}

/** Why a file operation failed, in words for a person (permission, full disk) rather than an error code. */
export function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reasons: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    EROFS: 'the disk is read-only',
    EBUSY: 'it is in use by another program',
    ENOTDIR: 'a file is in the way where a folder should be',
    EISDIR: 'a folder is in the way where a file should be',
    ENAMETOOLONG: 'the path is too long',
    EMFILE: 'too many files are open',
  };
  return (code && reasons[code]) ?? (error instanceof Error ? error.message : String(error));
}

/** What a person can do about a failed file operation. */
export function remedyOf(error: unknown): string {
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'EACCES':
    case 'EPERM':
      return 'make the output folder and everything in it writable for your user, or delete it and build again';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'free some disk space, then build again';
    case 'EROFS':
      return 'build into a folder on a writable disk (--out DIR)';
    default:
      return 'check that the output folder is writable and the disk is not full, then build again';
  }
}
