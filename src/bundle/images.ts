/** Responsive images: AVIF and WebP variants of every JPEG and PNG in public/images and beside articles. */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ImageSizer, OutputFile } from './assets.ts';
import { EncoderStopped, imageEncoder, type EncodeJob } from './encode.ts';
import type { YamlSource } from '../schemas/content.ts';
import type { Article } from '../schemas/article.ts';
import { codeUnitOrder } from '../hash.ts';
import { problems, SiteError, SiteErrors } from '../errors.ts';
import { readProblem, readProjectFileSync } from '../read.ts';

/** What a template needs to draw an image: its size and the variants to offer. */
export interface ImageInfo {
  width: number;
  height: number;
  sources: { type: 'image/avif' | 'image/webp'; srcset: string }[];
  /**
   * For an image wider than a sharing card (art drawn at twice its size for sharp screens): a copy
   * 1200 px wide in its own format, which link previews get as og:image.
   */
  share?: { src: string; width: number; height: number };
}

/** The width link previews ask for (og:image 1200x630). */
export const shareWidth = 1200;

/**
 * Widths variants are made at (never wider than the original, which is offered too up to the widest):
 * 1600 serves a 736 px box on a high-density screen, the widest box the templates give an image.
 */
export const variantWidths = [480, 800, 1200, 1600] as const;
const formats = [
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
] as const;

/** The variant files made, and what templates need to know of each image. */
export interface ProcessedImages {
  files: OutputFile[];
  images: Record<string, ImageInfo>;
}

/** Variants made before, by file name (which holds the hash of the picture and the width): a build that has none encodes them all. */
export interface VariantStore {
  get(name: string): Promise<Uint8Array | undefined>;
  set(name: string, bytes: Uint8Array): Promise<void>;
}

/** Makes the variants of each raster image under public/images/ (sizes read by `imageSize`); the originals stay as they are. */
export async function processImages(publicFiles: OutputFile[], imageSize: ImageSizer, made?: VariantStore): Promise<ProcessedImages> {
  const rasters = publicFiles.filter((f) => /^images\/.+\.(png|jpe?g)$/i.test(f.file));
  const files: OutputFile[] = [];
  const images: Record<string, ImageInfo> = {};
  const broken: SiteError[] = [];
  const encoder = imageEncoder();
  /** A variant made before, or encoded now. */
  const variant = async (raster: OutputFile, name: string, job: EncodeJob): Promise<Uint8Array> => {
    const kept = await made?.get(name);
    if (kept) return kept;
    const bytes = await encoder.encode(raster.bytes, job).catch((error: unknown) => {
      throw new SiteErrors([
        error instanceof EncoderStopped
          ? problems.imageEncoderStopped(sourceOf(raster), error.message)
          : problems.badImageFile(sourceOf(raster)),
      ]);
    });
    await made?.set(name, bytes);
    return bytes;
  };
  try {
    const made = await Promise.all(rasters.map((raster) => variantsOf(raster, imageSize, variant)));
    made.forEach((one, i) => {
      const raster = rasters[i]!;
      if (one instanceof SiteError) broken.push(one);
      else {
        files.push(...one.files);
        images[`/${raster.file}`] = one.info;
      }
    });
  } finally {
    await encoder.close();
  }
  if (broken.length > 0) throw new SiteErrors(broken);
  // Completion order varies; a stable order keeps every page's cache key stable.
  const sorted = Object.fromEntries(Object.entries(images).sort(([a], [b]) => codeUnitOrder(a, b)));
  return { files: files.sort((a, b) => codeUnitOrder(a.file, b.file)), images: sorted };
}

/** The project file a picture of the output comes from, for messages. */
function sourceOf(raster: OutputFile): string {
  return raster.source ?? `public/${raster.file}`;
}

/**
 * The most pixels a picture may have: 50 megapixels takes the largest photos phones make, and
 * decoding one takes about a second; a 16,000 px square (256 megapixels) took four, and gigabytes.
 */
export const largestImagePixels = 50_000_000;

/** The variants of one raster image (made, or made before) and what templates need to know of it, or why it has none. */
async function variantsOf(
  raster: OutputFile,
  imageSize: ImageSizer,
  variant: (raster: OutputFile, name: string, job: EncodeJob) => Promise<Uint8Array>,
): Promise<{ files: OutputFile[]; info: ImageInfo } | SiteError> {
  const size = await imageSize(raster.bytes).catch(() => undefined);
  // A file named .png that is not one (a web page saved as .png, a cut-off download) is the author's to replace.
  if (!size) return problems.badImageFile(sourceOf(raster));
  const { width, height } = size;
  // Measured from the header alone: refused before anything decodes it.
  if (width * height > largestImagePixels) return problems.imageTooLarge(sourceOf(raster), width, height, largestImagePixels, 4000);
  const files: OutputFile[] = [];
  const hash = createHash('sha256').update(raster.bytes).digest('hex').slice(0, 10);
  const base = raster.file
    .replace(/^images\//, '')
    .replace(/\.[^.]+$/, '')
    .replace(/[/\\]/g, '-');
  const widest = variantWidths.at(-1)!;
  const widths = [...new Set([...variantWidths.filter((w) => w < width), Math.min(width, widest)])];
  const sources: ImageInfo['sources'] = [];
  for (const format of formats) {
    const entries: string[] = [];
    for (const w of widths) {
      const name = `${base}-${w}-${hash}.${format.ext}`;
      const bytes = await variant(raster, name, { width: w, format: format.ext });
      files.push({ file: `assets/img/${name}`, bytes });
      entries.push(`/assets/img/${name} ${w}w`);
    }
    sources.push({ type: format.type, srcset: entries.join(', ') });
  }
  const info: ImageInfo = { width, height, sources };
  if (width > shareWidth) {
    const ext = /\.png$/i.test(raster.file) ? 'png' : 'jpg';
    const name = `${base}-share-${hash}.${ext}`;
    const bytes = await variant(raster, name, { width: shareWidth, format: ext });
    files.push({ file: `assets/img/${name}`, bytes });
    info.share = { src: `/assets/img/${name}`, width: shareWidth, height: Math.round((height * shareWidth) / width) };
  }
  return { files, info };
}

/** The images articles name by file name (content/blog/x.png), as files of the output (images/blog/x.png). */
export function besideImages(
  root: string,
  articles: readonly Article[],
  sources: Map<string, YamlSource>,
): { files: OutputFile[]; errors: SiteError[] } {
  const files = new Map<string, OutputFile>();
  const errors: SiteError[] = [];
  const unreadable = new Map<string, SiteError>();
  for (const article of articles) {
    // Pictures inside the text go through the same pipeline as the article's own image.
    for (const ref of article.references?.images ?? []) {
      if (files.has(ref.image)) continue;
      try {
        files.set(ref.image, read(join(root, ref.file), ref.image.slice(1), ref.file));
      } catch (error) {
        if (!isMissing(error)) unreadable.set(ref.file, besideProblem(ref.file, error));
        else
          errors.push(
            problems.missingFile(
              ref.loc,
              ref.file,
              'The image',
              `put the picture beside the article as ${ref.file}, or correct the file name in ![…](${ref.src})`,
            ),
          );
      }
    }
    if (!article.imageFile || !article.image || files.has(article.image)) continue; // an image two articles share is read once
    try {
      files.set(article.image, read(join(root, article.imageFile), article.image.slice(1), article.imageFile));
    } catch (error) {
      if (!isMissing(error)) {
        unreadable.set(article.imageFile, besideProblem(article.imageFile, error));
        continue;
      }
      const hint = `put the image beside the article as ${article.imageFile}, or write a path under public/ such as ` +
        `/images/blog/${basename(article.imageFile)}`;
      errors.push(problems.missingFile(sources.get(article.file)?.locate(['image']), article.imageFile, 'The image', hint));
    }
  }
  return { files: [...files.values()].sort((a, b) => codeUnitOrder(a.file, b.file)), errors: [...errors, ...unreadable.values()] };
}

/** Only a file that is not there is "missing"; one that is there but cannot be read is reported at itself, once. */
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Why a picture beside an article cannot be read, at the picture (content/blog/photo.png:1:1), in readProblem's words. */
function besideProblem(file: string, error: unknown): SiteError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') {
    return problems.unreadableFile(
      { file, line: 1, column: 1 },
      'permission denied',
      `give your user permission to read the picture (for example chmod a+r ${file}), or save it again beside the article`,
    );
  }
  return readProblem(file, error, 'an image');
}

/** Reads an image beside an article as the output file `file` (throws what the file system throws). */
function read(path: string, file: string, source: string): OutputFile {
  return { file, bytes: readProjectFileSync(path, source), source };
}

/** Every image path a content file mentions must exist under public/; the error names that file and line. */
export function checkImageReferences(
  root: string,
  sources: Map<string, YamlSource>,
  publicFiles: OutputFile[],
  articles: readonly Article[] = [],
): SiteError[] {
  const present = new Set(publicFiles.map((f) => `/${f.file}`));
  const errors: SiteError[] = [];
  // An image beside an article is published where a file of public/ already is: one would hide the other.
  for (const article of articles) {
    if (!article.imageFile || !present.has(article.image!)) continue;
    errors.push(
      problems.duplicateId(
        sources.get(article.file)?.locate(['image']) ?? { file: article.file, line: 1, column: 1 },
        'image path',
        article.image!,
        `public${article.image}`,
      ),
    );
  }
  for (const source of sources.values()) {
    for (const { image, path } of imageReferences(source)) {
      if (!present.has(image))
        errors.push(problems.missingFile(source.locate(path), `public${image}`, 'The image', whereItIs(root, source.file, image, present)));
    }
  }
  return errors;
}

/** A hint for an image that is not where the content says: the same file name elsewhere under public/, or beside the content file. */
function whereItIs(root: string, referrer: string, image: string, present: Set<string>): string | undefined {
  const name = basename(image);
  const elsewhere = [...present].filter((p) => basename(p) === name);
  if (elsewhere.length > 0) return `did you mean ${elsewhere.map((p) => `"${p}"`).join(' or ')}?`;
  const beside = join(dirname(referrer), name);
  if (existsSync(join(root, beside)))
    return `${beside} is beside the content file; images are served from public/: move it to public${image}`;
  return undefined;
}

/** The image paths a source mentions and where. */
function imageReferences(source: YamlSource): { image: string; path: (string | number)[] }[] {
  const list: { image: string; path: (string | number)[] }[] = [];
  // One path, copied only where an image is named: thousands of articles' fields are visited on every rebuild.
  const path: (string | number)[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      if (value.startsWith('/images/') && /^\/images\/\S+\.(png|jpe?g|svg|webp|avif|gif)$/i.test(value))
        list.push({ image: value, path: [...path] });
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        visit(value[i]);
        path.pop();
      }
    } else if (value && typeof value === 'object') {
      for (const key in value) {
        path.push(key);
        visit((value as Record<string, unknown>)[key]);
        path.pop();
      }
    }
  };
  visit(source.data);
  return list;
}

/**
 * The widest box each place gives a picture, in CSS pixels (from the templates' CSS and sizes): a picture needs twice
 * that many pixels to look sharp on a phone's or laptop's high-density screen.
 */
const places: { name: string; file: RegExp; field: string; box: number }[] = [
  { name: 'the About portrait', file: /^content\/providers\//, field: 'photo', box: 400 },
  { name: 'a service page hero', file: /^content\/services\//, field: 'image', box: 544 },
  { name: 'a body-scan card', file: /^content\/inbody-analysis\.yaml$/, field: 'image', box: 480 },
];

/**
 * Every picture a content file describes ({src, alt, width?, height?}) checked against the file itself: a width or height
 * written that is not the file's is an error at that line; a picture narrower than twice its place's box is a warning.
 */
export function checkImageSizes(
  sources: Map<string, YamlSource>,
  images: Record<string, ImageInfo>,
): { errors: SiteError[]; warnings: string[] } {
  const errors: SiteError[] = [];
  const warnings: string[] = [];
  for (const source of sources.values()) {
    for (const { picture, path } of picturesIn(source.data)) {
      const info = images[picture.src];
      if (!info) continue;
      const measured = `${info.width}x${info.height}`;
      for (const field of ['width', 'height'] as const) {
        const declared = picture[field];
        if (declared !== undefined && declared !== info[field]) {
          errors.push(problems.imageSizeMismatch(source.locate([...path, field]), picture.src, `${declared}`, measured, field));
        }
      }
      const place = places.find((p) => p.file.test(source.file) && path.at(-1) === p.field);
      if (place && info.width < place.box * 2) {
        const at = source.locate([...path, 'src']);
        const needed = `it needs at least ${place.box * 2} pixels wide to look sharp`;
        warnings.push(`${at.file}:${at.line}:${at.column}  ${picture.src} is ${measured} pixels, too small for ${place.name}: ${needed}`);
      }
    }
  }
  return { errors, warnings };
}

/** A picture as a content file describes it. */
interface DescribedPicture {
  src: string;
  width?: unknown;
  height?: unknown;
}

/** The pictures (groups with a src under /images/ and an alt) in parsed content, with their paths. */
function picturesIn(data: unknown): { picture: DescribedPicture; path: (string | number)[] }[] {
  const found: { picture: DescribedPicture; path: (string | number)[] }[] = [];
  const stack: [unknown, (string | number)[]][] = [[data, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (!value || typeof value !== 'object') continue;
    const group = value as Record<string, unknown>;
    const described = typeof group.src === 'string' && group.src.startsWith('/images/') && 'alt' in group;
    if (described) found.push({ picture: group as unknown as DescribedPicture, path });
    else if (Array.isArray(value)) value.forEach((item, i) => stack.push([item, [...path, i]]));
    else for (const [key, item] of Object.entries(group)) stack.push([item, [...path, key]]);
  }
  return found;
}
