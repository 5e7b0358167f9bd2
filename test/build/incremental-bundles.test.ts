/**
 * What esbuild bundled is kept between `build` runs while every file it read keeps its size and
 * times, and image sizes are kept by the hash of the image's bytes: a build with nothing changed
 * loads neither esbuild, sharp nor React, and a build after a change to a template, a CSS file or
 * an image writes exactly what a clean build of the same tree writes.
 */
import { copyFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoFolderOf } from '../../src/incremental/memo.ts';
import { editFile, removeProject, runCli, settlePause, snapshot, tempProject } from '../helpers.ts';

/** Preloaded into the CLI: lists the packages it loaded (esbuild, sharp and React DOM are CommonJS, so require.cache has them). */
const probe = `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
process.on('exit', () => {
  const packages = Object.keys(require.cache).map((p) => /node_modules\\/((@[^/]+\\/)?[^/]+)\\//.exec(p)?.[1]).filter(Boolean);
  process.stderr.write('LOADED ' + JSON.stringify([...new Set(packages)]) + '\\n');
});
`;

describe('bundles kept while what they read is unchanged', { retry: 0 }, () => {
  let dir: string;
  const out = () => join(dir, 'dist');

  /** Builds with the on-disk cache, as `clinic-site build` does; resolves to the packages the process loaded. */
  const warm = async (): Promise<string[]> => {
    const result = await runCli(['build'], dir, { NODE_OPTIONS: `--import ${join(dir, 'probe.mjs')}` });
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(/^LOADED (.*)$/m.exec(result.stderr)![1]!) as string[];
  };
  /** The output of a clean build of the same tree, then the warm output put back. */
  const clean = async (): Promise<Record<string, string>> => {
    await rm(memoFolderOf(dir), { recursive: true, force: true });
    await rm(out(), { recursive: true, force: true });
    expect((await runCli(['build'], dir)).code).toBe(0);
    return snapshot(out());
  };

  beforeAll(async () => {
    dir = await tempProject();
    await writeFile(join(dir, 'probe.mjs'), probe);
    // Bundles of files saved this recently are not kept (a save during bundling would go unseen); a real project has settled.
    await settlePause(dir);
    expect((await runCli(['build'], dir)).code).toBe(0);
  });
  afterAll(async () => {
    await rm(memoFolderOf(dir), { recursive: true, force: true });
    await removeProject(dir);
  });

  it('should load neither esbuild, sharp nor React when nothing changed', async () => {
    const before = await snapshot(out());
    const loaded = await warm();
    expect(loaded).not.toContain('esbuild');
    expect(loaded).not.toContain('sharp');
    expect(loaded).not.toContain('react-dom');
    expect(await snapshot(out())).toEqual(before);
  });

  it('should bundle again and write what a clean build writes after a CSS file, a template, a settings file or an image changed', async () => {
    // Each edit with the tool that must be loaded again for it (an image's variants may already be in the image cache: none),
    // and whether it changes the output.
    const edits: [string, () => Promise<void>, string | undefined, boolean][] = [
      ['a CSS file', () => editFile(dir, 'templates/styles/footer.css', /$/, '\n.site-footer { outline-offset: 3px; }\n'), 'esbuild', true],
      ['a template', () => editFile(dir, 'templates/components/Footer.tsx', /<footer/, '<footer data-edited="yes"'), 'esbuild', true],
      // esbuild reads compiler settings that its list of inputs leaves out.
      ['a new settings file', () => writeFile(join(dir, 'tsconfig.json'), '{ "compilerOptions": { "jsx": "react-jsx" } }\n'), 'esbuild', false],
      // Another picture under the same name: its size is not the one kept for the old bytes.
      ['an image', () => copyFile(join(dir, 'public/images/inbody/ingrip.jpg'), join(dir, 'public/images/services/mens-health.jpg')), undefined, true],
    ];
    for (const [what, edit, tool, changes] of edits) {
      // The last edit settles and a build keeps what it bundled, so that this edit alone decides what is bundled again.
      await settlePause(dir);
      await warm();
      const before = await snapshot(out());
      await edit();
      const loaded = await warm();
      if (tool) expect(loaded, what).toContain(tool);
      const after = await snapshot(out());
      if (changes) expect(after, what).not.toEqual(before);
      expect(after, what).toEqual(await clean());
    }
  });
});
