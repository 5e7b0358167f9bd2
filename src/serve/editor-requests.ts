/**
 * What the editor may ask of the local backend: reading and writing content files, and pictures under
 * public/images/, nothing else in the project. Photos must have safe file names (the editor makes them
 * from the name given: lower case, hyphens, no spaces).
 */
import { posix } from 'node:path';

/** Where the editor may read and write. */
const allowed = [/^content\//, /^public\/images\//];

/** The actions of Decap's local backend in simple publishing (no editorial workflow). */
const actions = new Set([
  'info',
  'entriesByFolder',
  'entriesByFiles',
  'getEntry',
  'persistEntry',
  'getMedia',
  'getMediaFile',
  'persistMedia',
  'deleteFile',
  'deleteFiles',
  'getDeployPreview',
]);

/** A picture's file name as the build and every host take it. */
const safeMediaName = /^[a-z0-9][a-z0-9._-]*\.(png|jpe?g|webp|avif|gif|svg)$/;

/** A file a request names: its path, and where it moves to (a renamed entry). */
interface Asset {
  path?: unknown;
  newPath?: unknown;
}

/** Why a request of the editor is refused, or undefined when it may go on to decap-server. */
export function checkedRequest(body: Buffer): string | undefined {
  let request: { action?: unknown; params?: Record<string, unknown> };
  try {
    request = JSON.parse(body.toString('utf8')) as typeof request;
  } catch {
    return 'the request is not JSON';
  }
  if (typeof request.action !== 'string' || !actions.has(request.action)) {
    return `the editor does not use the action ${String(request.action)}`;
  }
  const params = request.params ?? {};
  const paths: unknown[] = [];
  const media: unknown[] = [];
  for (const key of ['path', 'folder', 'mediaFolder']) if (key in params) paths.push(params[key]);
  for (const key of ['files', 'dataFiles']) {
    const files = Array.isArray(params[key]) ? (params[key] as Asset[]) : [];
    for (const f of files) paths.push(f.path, ...(f.newPath !== undefined ? [f.newPath] : []));
  }
  if (Array.isArray(params.paths)) paths.push(...(params.paths as unknown[]));
  const entry = params.entry as { path?: unknown; newPath?: unknown } | undefined;
  if (entry) paths.push(entry.path, ...(entry.newPath !== undefined ? [entry.newPath] : []));
  if (Array.isArray(params.assets)) media.push(...(params.assets as Asset[]).map((a) => a.path));
  const asset = params.asset as Asset | undefined;
  if (asset) media.push(asset.path);
  for (const path of [...paths, ...media]) {
    const problem = pathProblem(path);
    if (problem) return problem;
  }
  for (const path of media) {
    const name = posix.basename(String(path));
    if (!safeMediaName.test(name)) {
      return `"${name}" is not a safe file name for a picture: use lower case letters, digits and hyphens, such as my-photo.jpg`;
    }
  }
  return undefined;
}

/** Why a path is refused: not text, leaving its folder, or outside content/ and public/images/. */
function pathProblem(path: unknown): string | undefined {
  if (typeof path !== 'string') return 'a path is missing';
  const normal = posix.normalize(path.replace(/\/+$/, ''));
  const odd = path.includes('\\') || path.includes('\0') || normal !== path.replace(/\/+$/, '');
  if (odd || normal.startsWith('..') || posix.isAbsolute(normal)) return `the path ${path} is not allowed`;
  if (!allowed.some((folder) => folder.test(`${normal}/`))) return `the editor writes only in content/ and public/images/, not ${path}`;
  return undefined;
}
