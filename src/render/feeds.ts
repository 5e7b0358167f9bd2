/** The machine-readable outputs: sitemap.xml, robots.txt and the blog's RSS feed. */
import type { Content } from '../schemas/content.ts';
import type { Article } from '../schemas/article.ts';
import { articlePath } from '../route/categories.ts';
import type { Route } from '../route/routes.ts';
import type { Alternate } from '../route/view.ts';

/** Most URLs one sitemap file may hold; past it, a sitemap index points to several. */
export const sitemapLimit = 50_000;

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** sitemap.xml (or an index and numbered parts past the limit) listing every listed route. */
export function sitemaps(routes: readonly Route[], baseUrl: string, limit = sitemapLimit): { file: string; text: string }[] {
  const urls = routes.filter((r) => r.listed).map(sitemapLine);
  // Pages in two languages list each other (and x-default) as xhtml:link alternates.
  const xhtml = routes.some((r) => r.shell?.alternates.length) ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  const urlset = (list: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${list.join('\n')}\n</urlset>\n`;
  if (urls.length <= limit) return [{ file: 'sitemap.xml', text: urlset(urls) }];
  const parts: { file: string; text: string }[] = [];
  for (let i = 0; i * limit < urls.length; i++)
    parts.push({ file: `sitemap-${i + 1}.xml`, text: urlset(urls.slice(i * limit, (i + 1) * limit)) });
  const base = baseUrl.replace(/\/+$/, '');
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts
    .map((p) => `  <sitemap><loc>${escapeXml(`${base}/${p.file}`)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
  return [{ file: 'sitemap.xml', text: index }, ...parts];
}

/** A route's `<url>` line. */
function sitemapLine(route: Route): string {
  const link = (a: Alternate) => `<xhtml:link rel="alternate" hreflang="${a.lang}" href="${escapeXml(a.url)}"/>`;
  const alternates = (route.shell?.alternates ?? []).map(link).join('');
  return `  <url><loc>${escapeXml(route.url)}</loc>${alternates}</url>`;
}

/** robots.txt allowing everything and naming the sitemap. */
export function robotsTxt(baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${baseUrl.replace(/\/+$/, '')}/sitemap.xml\n`;
}

/** Which feed: its title, the page it belongs to and its own address (the blog's by default). */
export interface FeedOptions {
  title: string;
  description: string;
  page: string;
  self: string;
  /** The feed's language, as RSS writes it (en-us by default). */
  language?: string;
}

/** RSS 2.0 feed of the latest articles, with their full text when `bodyOf` gives it (a category's feed carries excerpts). */
export function rssFeed(
  content: Content,
  articles: Article[],
  bodyOf: ((article: Article) => string) | undefined,
  baseUrl: string,
  latest = 20,
  feed?: FeedOptions,
): string {
  const base = baseUrl.replace(/\/+$/, '');
  const blog = {
    title: content.strings.blog.feedTitle.replaceAll('{site}', content.site.name),
    description: content.blogPage.intro,
    page: '/blog/',
    self: '/feed.xml',
  };
  const { title, description, page, self } = feed ?? blog;
  const lang = feed?.language ?? 'en-us';
  const items = articles.slice(0, latest).map((a) => {
    const link = `${base}${articlePath(a.slug, lang.slice(0, 2))}`;
    return `    <item>
      <title>${escapeXml(a.title)}</title>
      <link>${escapeXml(link)}</link>
      <guid isPermaLink="true">${escapeXml(link)}</guid>
      <pubDate>${new Date(`${a.publishDate}T12:00:00Z`).toUTCString()}</pubDate>
      <author>${escapeXml(`${content.site.email} (${a.author})`)}</author>
      <category>${escapeXml(a.category)}</category>
      <description>${escapeXml(a.excerpt)}</description>${
        bodyOf
          ? `
      <content:encoded><![CDATA[${bodyOf(a).replace(/]]>/g, ']]]]><![CDATA[>')}]]></content:encoded>`
          : ''
      }
    </item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(title)}</title>
    <link>${escapeXml(`${base}${page}`)}</link>
    <atom:link href="${escapeXml(`${base}${self}`)}" rel="self" type="application/rss+xml"/>
    <description>${escapeXml(description)}</description>
    <language>${lang}</language>
${items.join('\n')}
  </channel>
</rss>
`;
}
