/**
 * The bundle stage's memory: what esbuild made while the files it read keep their stamps, image
 * sizes and variants by the hash of the image, and in the dev server the whole last bundle.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { OutputFile } from '../bundle/assets.ts';
import { bundleSite, freshSteps, type Bundle, type BundleSteps } from '../bundle/bundle.ts';
import { cacheDir, templatesAt, templatesIntact, writeAtomically } from '../bundle/templates.ts';
import type { Templates } from '../bundle/templates.ts';
import type { Scripts } from '../bundle/assets.ts';
import { hashBytes } from '../hash.ts';
import { sameStamp, stampOf, unsettled, type InputStamp } from './survey.ts';
import { withOpenFile } from '../open-files.ts';

/** A bundle and the stamps of every file and folder it was made from. */
export interface Stamped<T> {
  stamps: InputStamp[];
  value: T;
}

/** What bundling remembers: what esbuild made while its inputs keep their stamps, image sizes by the hash of the image's bytes. */
export interface BundleMemo {
  templates?: Stamped<Omit<Templates, 'load'>>;
  scripts?: Stamped<Scripts>;
  imageSizes: Map<string, { width: number; height: number }>;
  /** In memory only: the last whole bundle. */
  last?: Bundle & { socialImage: string; besideKey: string };
}

/**
 * The last bundle while the social image and the images beside articles are the same (the caller
 * drops it when templates/ or public/ may have changed); else bundled, each step kept while its inputs are.
 */
export async function keptBundle(memo: BundleMemo, root: string, socialImage: string, beside: OutputFile[]): Promise<Bundle> {
  const besideKey = beside.map((f) => `${f.file}:${hashBytes(f.bytes)}`).join('\n');
  if (memo.last && memo.last.socialImage === socialImage && memo.last.besideKey === besideKey) return memo.last;
  const steps = stampedSteps(memo, root);
  const bundle = await bundleSite(root, socialImage, beside, steps);
  // Only the sizes of the images this build has are kept: the map does not grow from build to build.
  memo.imageSizes = steps.sizesUsed;
  memo.last = { ...bundle, socialImage, besideKey };
  return memo.last;
}

/** The stamps of what esbuild read for the last bundles, for the settled record; none when one is to be made again anyway. */
export function bundleStamps(memo: BundleMemo): InputStamp[] | undefined {
  const { templates, scripts } = memo;
  return templates && scripts ? [...templates.stamps, ...scripts.stamps] : undefined;
}

/** The bundle steps of one build, taking over what the last build bundled while its inputs are unchanged. */
function stampedSteps(known: BundleMemo, root: string): BundleSteps & { sizesUsed: BundleMemo['imageSizes'] } {
  const sizesUsed: BundleMemo['imageSizes'] = new Map();
  const variants = join(cacheDir(root), 'images');
  return {
    sizesUsed,
    // Image variants by name (the name holds the hash of the picture and the width), kept on disk: encoding is the slowest step of a cold
    // build.
    variants: {
      get: (name) => withOpenFile(() => readFile(join(variants, name))).catch(() => undefined),
      set: (name, bytes) => mkdir(variants, { recursive: true }).then(() => writeAtomically(join(variants, name), bytes)),
    },
    async templates(root) {
      // The module file must still be there to be imported (the cache folder may have been emptied).
      const kept = known.templates && templatesIntact(known.templates.value) ? known.templates : undefined;
      const value = await keptOrBundled(
        root,
        kept,
        async () => {
          const { load: _load, ...made } = await freshSteps.templates(root);
          return made;
        },
        (stamped) => (known.templates = stamped),
      );
      return templatesAt(value);
    },
    scripts: (root) =>
      keptOrBundled(
        root,
        known.scripts,
        () => freshSteps.scripts(root),
        (stamped) => (known.scripts = stamped),
      ),
    async imageSize(bytes) {
      const key = hashBytes(bytes);
      const size = known.imageSizes.get(key) ?? (await freshSteps.imageSize(bytes));
      sizesUsed.set(key, size);
      return size;
    },
  };
}

/** `kept`'s bundle while its inputs are unchanged; else bundled afresh and handed to `keep` with the stamps of what it read. */
async function keptOrBundled<T extends { inputs: string[] }>(
  root: string,
  kept: Stamped<T> | undefined,
  bundle: () => Promise<T>,
  keep: (stamped: Stamped<T> | undefined) => void,
): Promise<T> {
  if (kept && kept.stamps.every((s) => sameStamp(stampOf(root, s.path), s))) return kept.value;
  const started = Date.now();
  const value = await bundle();
  keep(stamped(root, value.inputs, started, value));
  return value;
}

/** Files esbuild reads besides the inputs it lists (compiler settings, module type), there or not. */
export const settingsFiles = [
  'package.json',
  'tsconfig.json',
  'jsconfig.json',
  'templates/package.json',
  'templates/tsconfig.json',
  'templates/jsconfig.json',
];

/**
 * `value` with the stamps of its inputs, their folders (a file added could change what an import
 * resolves to), the settings files and esbuild's package; none when one changed too recently to trust.
 */
function stamped<T>(root: string, inputs: string[], started: number, value: T): Stamped<T> | undefined {
  const paths = [...new Set([...inputs.flatMap((p) => [p, dirname(p)]), ...settingsFiles]), esbuildPackage()];
  const stamps: InputStamp[] = [];
  for (const path of paths) {
    const stamp = { path, ...stampOf(root, path) };
    if (unsettled(stamp, started)) return undefined;
    stamps.push(stamp);
  }
  return { stamps, value };
}

/** esbuild's package file, absolute (resolve keeps it so): a new esbuild may bundle the same inputs differently. */
function esbuildPackage(): string {
  return createRequire(import.meta.url).resolve('esbuild/package.json');
}
