/** The bundle stage, kept between the dev server's rebuilds while templates/, public/ and the images beside articles are unchanged. */
import { statSync } from 'node:fs';
import type { OutputFile } from '../bundle/assets.ts';
import { bundleSite, type Bundle } from '../bundle/bundle.ts';
import { readImage, type ImageReader } from '../bundle/images.ts';
import { hashOfBytes, type BuildCache } from './cache.ts';

/**
 * The bundles kept from the last build while the social image and the images beside articles are
 * the same (bundling is most of a small rebuild); bundled afresh otherwise. The caller drops them
 * first when anything under templates/ or public/ may have changed.
 */
export async function keptBundle(cache: BuildCache, root: string, socialImage: string, beside: OutputFile[]): Promise<Bundle> {
  const besideKey = beside.map((f) => `${f.file}:${hashOfBytes(cache, f.bytes)}`).join('\n');
  if (cache.bundles && cache.bundles.socialImage === socialImage && cache.bundles.besideKey === besideKey) return cache.bundles;
  const bundle = await bundleSite(root, socialImage, beside);
  cache.bundles = { ...bundle, socialImage, besideKey };
  return cache.bundles;
}

/** Whether a build may keep the last bundles: only when told what changed, and nothing under templates/ or public/ did. */
export function bundlesStillCurrent(changed: Set<string> | undefined): boolean {
  return changed !== undefined && ![...changed].some((p) => /^(templates|public)(\/|$)/.test(p));
}

/** Reads an image beside an article again only when its size or time changed since the last build. */
export function keptImageReader(cache: BuildCache): ImageReader {
  const memo = (cache.besideImages ??= new Map());
  return (path, file, source) => {
    const { size, mtimeMs } = statSync(path);
    const known = memo.get(path);
    if (known && known.size === size && known.mtimeMs === mtimeMs && known.output.file === file) return known.output;
    const output = readImage(path, file, source);
    memo.set(path, { size, mtimeMs, output });
    return output;
  };
}
