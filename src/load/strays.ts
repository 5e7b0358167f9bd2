/**
 * Files under content/ that the build never reads: in a folder it does not know (content/treatment/), with an extension
 * its folder does not hold (content/treatments/notes.md, content/blog/upper.MD), or beside site.yaml under a name no
 * page reads. Each would be left out of the site without a word, so each is a located error saying where it belongs.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { problems, type SiteError } from '../errors.ts';
import { closest } from '../suggest.ts';
import { isTranslationFile } from '../schemas/translation.ts';

/** What the build reads of content/: the files directly in it (by name), the folders of YAML files, and those of markdown files. */
export interface ContentLayout {
  files: ReadonlySet<string>;
  yamlFolders: readonly string[];
  markdownFolders: readonly string[];
}

/** Pictures an article may have beside it (`image: photo.png`). */
const besidePicture = /\.(png|jpe?g)$/i;

/** Adds a located problem for each file of `contentDir` (content/) that the build never reads. */
export function checkStrayFiles(contentDir: string, layout: ContentLayout, errors: SiteError[]): void {
  const folders = [...layout.yamlFolders, ...layout.markdownFolders];
  for (const entry of listed(contentDir, false)) {
    const name = entry.name;
    const loc = { file: `content/${name}`, line: 1, column: 1 };
    if (entry.isDirectory()) {
      const inside = listed(join(contentDir, name), true).filter((e) => !e.isDirectory());
      if (layout.yamlFolders.includes(name)) inside.forEach((e) => yamlFolderFile(pathOf(contentDir, e), name, errors));
      else if (layout.markdownFolders.includes(name)) inside.forEach((e) => markdownFolderFile(pathOf(contentDir, e), name, errors));
      else {
        const meant = closest(name, folders, 1)[0];
        for (const e of inside) errors.push(problems.strayFolder(at(pathOf(contentDir, e)), name, meant, folders));
      }
    } else if (!layout.files.has(name) && !/\.yml$/.test(name) && !isTranslationFile(name)) {
      errors.push(problems.strayTopFile(loc, closest(name, layout.files, 1)[0]));
    }
  }
}

/** A file of a YAML folder (content/treatments/): read when it ends in .yaml (a .yml one is reported by the loader). */
function yamlFolderFile(file: string, folder: string, errors: SiteError[]): void {
  if (/\.ya?ml$/.test(file)) return;
  errors.push(problems.strayExtension(at(file), `content/${folder}/ holds YAML files (.yaml)`, `${stem(file)}.yaml`));
}

/** A file of a folder of markdown files (content/blog/): an article (.md) or a picture beside one. */
function markdownFolderFile(file: string, folder: string, errors: SiteError[]): void {
  if (file.endsWith('.md') || besidePicture.test(file)) return;
  const what = /\.md$/i.test(file)
    ? 'article files end in .md, in small letters'
    : `content/${folder}/ holds articles (.md) and their pictures`;
  errors.push(problems.strayExtension(at(file), what, `${stem(file)}.md`));
}

/**
 * The entries of a folder (and, when `deep`, of the folders in it), dotfiles and links left out (the loaders report a link
 * that leads out of the project, and read one that does not as what it leads to); none when it cannot be listed.
 */
function listed(dir: string, deep: boolean): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true, recursive: deep }).filter((e) => !e.name.startsWith('.') && !e.isSymbolicLink());
  } catch {
    // A folder that cannot be listed is reported by the loader that reads it.
    return [];
  }
}

/** A listed entry's path in the project (content/…), from the content folder's path. */
function pathOf(contentDir: string, entry: Dirent): string {
  return `content/${join(entry.parentPath, entry.name).slice(contentDir.length + 1).split('\\').join('/')}`;
}

const at = (file: string) => ({ file, line: 1, column: 1 });
const stem = (file: string) => basename(file, extname(file));
