/** The bundle stage: the templates' module, the browser script and CSS with hashed names, public/, and every image's variants. */
import { bundleAssets, bundleScripts, measureImage, type Assets, type ImageSizer, type OutputFile, type Scripts } from './assets.ts';
import { besideImages, checkImageReferences, checkImageSizes, processImages, type ProcessedImages, type VariantStore } from './images.ts';
import { loadTemplates, type Templates } from './templates.ts';
import { SiteErrors } from '../errors.ts';
import type { Content } from '../schemas/content.ts';
import type { Article } from '../schemas/article.ts';

/** What the bundle stage makes: templates, assets and images. */
export interface Bundle {
  templates: Templates;
  assets: Assets;
  images: ProcessedImages;
}

/** The images beside the articles this build publishes (a draft's image stays out of the output with it). */
export function besideFiles(root: string, content: Content, shown: readonly Article[]): OutputFile[] {
  const beside = besideImages(root, shown, content.sources);
  if (beside.errors.length > 0) throw new SiteErrors(beside.errors);
  return beside.files;
}

/** The three pieces of work the bundle stage hands out: each may be given one that remembers (incremental/bundles.ts). */
export interface BundleSteps {
  /** Bundles templates/ (esbuild). */
  templates(root: string): Promise<Templates>;
  /** Bundles the browser script and CSS (esbuild). */
  scripts(root: string): Promise<Scripts>;
  /** Reads an image's size (sharp). */
  imageSize: ImageSizer;
  /** The image variants made by earlier builds. */
  variants?: VariantStore;
}

/** The steps done afresh every time. */
export const freshSteps: BundleSteps = { templates: loadTemplates, scripts: bundleScripts, imageSize: measureImage };

/** Bundles templates and assets and processes every image (those of public/ and those beside articles). */
export async function bundleSite(
  root: string,
  socialImage: string,
  beside: OutputFile[],
  steps: BundleSteps = freshSteps,
): Promise<Bundle> {
  const [templates, assets] = await Promise.all([
    steps.templates(root),
    bundleAssets(root, socialImage, steps.scripts(root), steps.imageSize),
  ]);
  const images = await processImages([...assets.publicFiles, ...beside], steps.imageSize, steps.variants);
  return { templates, assets, images };
}

/**
 * Every image a content file names must be under public/ (and an image beside an article must not hide one there), and a size
 * written beside it must be the file's own. Returns a warning for each picture too small for where it is shown.
 */
export function checkImages(root: string, content: Content, bundle: Bundle): string[] {
  const missing = checkImageReferences(root, content.sources, bundle.assets.publicFiles, content.articles);
  if (missing.length > 0) throw new SiteErrors(missing);
  const sizes = checkImageSizes(content.sources, bundle.images.images);
  if (sizes.errors.length > 0) throw new SiteErrors(sizes.errors);
  return sizes.warnings;
}
