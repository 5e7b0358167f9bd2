/**
 * The three generators under test, each with one way to lay out a site of N articles and one
 * command for a clean build: ours (the real site plus N articles), Eleventy 3 and Hugo (a minimal
 * layout doing the same work: a page per article from the same markdown, plus an index of all).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = fileURLToPath(new URL('..', import.meta.url));
export const repoDir = join(benchDir, '..');
const eleventyCmd = join(benchDir, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');

/** Writes the articles into `dir` as SLUG.md. */
export function writeArticles(dir, articles) {
  mkdirSync(dir, { recursive: true });
  for (const a of articles) writeFileSync(join(dir, a.file), a.text);
}

/** clinic-site from a copy of the product in `productDir` (see product.mjs): the real site plus the generated blog. */
export function ourTool(productDir, version) {
  const bin = join(productDir, 'bin', 'clinic-site.js');
  return {
    id: 'ours',
    name: 'clinic-site',
    productDir,
    bin,
    // lib/cli.cjs since the code cache; lib/cli.js before, for comparisons with older revisions.
    available: () => (['cli.cjs', 'cli.js'].some((f) => existsSync(join(productDir, 'lib', f))) ? true : `${productDir}/lib/cli.cjs is missing`),
    version: () => version,
    /** The article files of the site, for edits in warm and serve runs. */
    articleDir: (site) => join(site, 'content', 'blog'),
    prepare(site, articles) {
      mkdirSync(site, { recursive: true });
      // Templates import a few helpers from src/, so it comes along.
      for (const part of ['content', 'templates', 'public', 'src', 'tsconfig.json']) {
        if (existsSync(join(productDir, part))) cpSync(join(productDir, part), join(site, part), { recursive: true });
      }
      const blog = join(site, 'content', 'blog');
      mkdirSync(blog, { recursive: true });
      for (const name of readdirSync(blog)) if (name.endsWith('.md')) rmSync(join(blog, name));
      writeArticles(blog, articles);
      // A real node_modules of links, so the build's own cache (node_modules/.cache) stays inside the copy.
      mkdirSync(join(site, 'node_modules'));
      for (const name of readdirSync(join(repoDir, 'node_modules'))) {
        if (!name.startsWith('.')) symlinkSync(join(repoDir, 'node_modules', name), join(site, 'node_modules', name));
      }
    },
    clean(site, out) {
      rmSync(out, { recursive: true, force: true });
      rmSync(join(site, 'node_modules', '.cache'), { recursive: true, force: true });
    },
    command: (site, out) => ({ command: process.execPath, args: [bin, 'build', '--out', out], cwd: site }),
  };
}

/**
 * Our build with the processed-image cache kept (node_modules/.cache/clinic-site/images) and
 * everything else clean: the site's images are a fixed cost, the same at any N, that a CI cache
 * or a developer's machine keeps; this row shows what the articles cost.
 */
export function ourToolImagesCached(tool) {
  return {
    ...tool,
    id: 'ours-images-cached',
    name: 'clinic-site, image cache kept',
    prime: true,
    clean(site, out) {
      rmSync(out, { recursive: true, force: true });
      const cache = join(site, 'node_modules', '.cache');
      if (!existsSync(cache)) return;
      for (const entry of readdirSync(cache, { withFileTypes: true })) {
        if (entry.name !== 'clinic-site') rmSync(join(cache, entry.name), { recursive: true, force: true });
      }
      const ours = join(cache, 'clinic-site');
      if (existsSync(ours)) for (const name of readdirSync(ours)) if (name !== 'images') rmSync(join(ours, name), { recursive: true, force: true });
    },
  };
}

/** Eleventy 3 with its default markdown-it, Nunjucks layouts, markdown not pre-processed as a template. */
export const eleventy = {
  id: 'eleventy',
  name: 'Eleventy',
  available: () => (existsSync(eleventyCmd) ? true : 'bench/node_modules has no @11ty/eleventy: run `npm install --prefix bench`'),
  version: () => JSON.parse(readFileSync(join(benchDir, 'node_modules', '@11ty', 'eleventy', 'package.json'), 'utf8')).version,
  articleDir: (site) => join(site, 'blog'),
  prepare(site, articles) {
    writeArticles(join(site, 'blog'), articles);
    writeFileSync(join(site, 'blog', 'blog.json'), JSON.stringify({ layout: 'article.njk', tags: 'posts' }));
    mkdirSync(join(site, '_includes'));
    writeFileSync(
      join(site, 'eleventy.config.mjs'),
      `export default function () {\n  return { dir: { input: '.', includes: '_includes' }, markdownTemplateEngine: false, templateFormats: ['md', 'njk'] };\n}\n`,
    );
    writeFileSync(
      join(site, '_includes', 'article.njk'),
      `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ title }} | Clinic</title><meta name="description" content="{{ excerpt }}"></head>
<body><header><a href="/">Clinic</a> <a href="/blog/">Blog</a></header>
<main><article><h1>{{ title }}</h1><p>{{ author }} · {{ category }} · {{ readTime }}</p>
{{ content | safe }}
</article></main></body></html>
`,
    );
    writeFileSync(
      join(site, 'index.njk'),
      `---
permalink: /index.html
---
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Blog | Clinic</title></head>
<body><main><h1>Blog</h1><ul>
{%- for post in collections.posts | reverse %}
<li><a href="{{ post.url }}">{{ post.data.title }}</a> <span>{{ post.data.category }}</span> {{ post.data.excerpt }}</li>
{%- endfor %}
</ul></main></body></html>
`,
    );
  },
  clean(site, out) {
    rmSync(out, { recursive: true, force: true });
    rmSync(join(site, '.cache'), { recursive: true, force: true });
  },
  command: (site, out) => ({ command: process.execPath, args: [eleventyCmd, '--config=eleventy.config.mjs', `--output=${out}`, '--quiet'], cwd: site }),
};

/** Hugo (Debian's package) with Goldmark, raw HTML left out as by default; only pages and the home page are built. */
export const hugo = {
  id: 'hugo',
  name: 'Hugo',
  available: () => (spawnSync('hugo', ['version']).status === 0 ? true : 'no `hugo` command (Debian: apt-get install hugo)'),
  version: () => spawnSync('hugo', ['version'], { encoding: 'utf8' }).stdout.trim().replace(/^hugo v?/, '').split(' ')[0],
  articleDir: (site) => join(site, 'content', 'blog'),
  prepare(site, articles) {
    writeArticles(join(site, 'content', 'blog'), articles);
    mkdirSync(join(site, 'layouts', '_default'), { recursive: true });
    writeFileSync(
      join(site, 'hugo.toml'),
      `baseURL = "https://www.example.com/"
title = "Clinic"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404", "section"]
[markup.goldmark.renderer]
unsafe = false
`,
    );
    writeFileSync(
      join(site, 'layouts', '_default', 'single.html'),
      `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} | Clinic</title><meta name="description" content="{{ .Params.excerpt }}"></head>
<body><header><a href="/">Clinic</a> <a href="/blog/">Blog</a></header>
<main><article><h1>{{ .Title }}</h1><p>{{ .Params.author }} · {{ .Params.category }} · {{ .Params.readTime }}</p>
{{ .Content }}
</article></main></body></html>
`,
    );
    writeFileSync(
      join(site, 'layouts', 'index.html'),
      `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Blog | Clinic</title></head>
<body><main><h1>Blog</h1><ul>
{{- range .Site.RegularPages.ByPublishDate.Reverse }}
<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> <span>{{ .Params.category }}</span> {{ .Params.excerpt }}</li>
{{- end }}
</ul></main></body></html>
`,
    );
  },
  clean(site, out) {
    rmSync(out, { recursive: true, force: true });
    rmSync(join(site, '.hugo-cache'), { recursive: true, force: true });
    rmSync(join(site, 'resources'), { recursive: true, force: true });
  },
  command: (site, out) => ({
    command: 'hugo',
    args: ['--quiet', '--source', site, '--destination', out, '--cacheDir', join(site, '.hugo-cache')],
    cwd: site,
  }),
};

/** Pagefind's own program, as the `pagefind` package installs it for this platform (the product's dependency). */
function pagefindProgram() {
  const require = createRequire(join(repoDir, 'package.json'));
  try {
    const dir = dirname(require.resolve(`@pagefind/${process.platform}-${process.arch === 'x64' ? 'x64' : process.arch}/package.json`));
    return ['pagefind_extended', 'pagefind'].map((name) => join(dir, 'bin', name)).find((file) => existsSync(file));
  } catch {
    return undefined;
  }
}

/**
 * Hugo's build followed by Pagefind's program over its output: how a Hugo site gets the search index that ours builds
 * (Pagefind reads every page of the output, as its documentation has it for Hugo).
 */
export const hugoPagefind = {
  ...hugo,
  id: 'hugo-pagefind',
  name: 'Hugo + Pagefind',
  available: () => (hugo.available() !== true ? hugo.available() : pagefindProgram() ? true : 'no Pagefind program in node_modules/@pagefind'),
  version: () => `${hugo.version()} + ${spawnSync(pagefindProgram(), ['--version'], { encoding: 'utf8' }).stdout.trim().split(' ').at(-1)}`,
  command: (site, out) => {
    const { args } = hugo.command(site, out);
    const quoted = (list) => list.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
    return { command: 'sh', args: ['-c', `hugo ${quoted(args)} && ${quoted([pagefindProgram(), '--site', out, '--silent'])}`], cwd: site };
  },
};

/** The peers, always measured the same way. */
export const peers = [eleventy, hugo, hugoPagefind];

/** HTML pages and all files under an output folder, and how many articles have their own page with their title. */
export function inspectOutput(out, articles) {
  let pages = 0;
  let files = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else {
        files++;
        if (entry.name.endsWith('.html')) pages++;
      }
    }
  };
  if (existsSync(out)) walk(out);
  // Spot-check a few articles: each has blog/SLUG/index.html holding its title.
  const sample = [0, Math.floor(articles.length / 2), articles.length - 1].map((i) => articles[i]).filter(Boolean);
  const articlePagesOk = sample.every((a) => {
    const file = join(out, 'blog', a.slug, 'index.html');
    return existsSync(file) && readFileSync(file, 'utf8').includes(a.title);
  });
  return { pages, files, articlePagesOk };
}
