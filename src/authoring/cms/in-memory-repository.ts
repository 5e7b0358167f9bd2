/**
 * Decap's in-memory repository (`test-repo`), which only the browser tests' switch puts in place of GitHub. Asked for the
 * pictures of an article, it lists the article's own folder (content/blog/, where its pictures go beside it) and takes every
 * file there for an uploaded picture: the articles, text, have none of an upload's parts, and opening any article stopped the
 * editor ("Cannot destructure property 'name' of 'fileObj'"). GitHub lists that folder by name and size, and opens them.
 */
import { TestBackend } from 'decap-cms-backend-test';

/** What the in-memory repository holds for a file: the text of a content file, or the upload of a picture. */
type Held = string | { fileObj?: File } | undefined;

/** Lists the uploads of a folder of the in-memory repository, not the text files beside them (as GitHub lists only blobs). */
export function listUploadsOnly(): void {
  const repository = TestBackend.prototype;
  const normalize = repository.normalizeAsset;
  const list = repository.getMedia;
  repository.normalizeAsset = function (held: Held) {
    return typeof held === 'object' && held.fileObj ? normalize.call(this, held) : undefined;
  };
  repository.getMedia = async function (folder?: string) {
    return (await list.call(this, folder)).filter((asset) => asset !== undefined);
  };
}
