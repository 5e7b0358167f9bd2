/** What every page's shell shares, from the content and the bundle's links and images (the build's and the hosted preview's). */
import type { AssetLinks } from '../bundle/assets.ts';
import { legalPath, noticePath } from '../route/pages.ts';
import type { SharedView } from '../route/view.ts';
import type { Content } from '../schemas/content.ts';
import { externalLinks } from './render.ts';

/** What every page's shell shares. */
export function sharedView(content: Content, assets: AssetLinks, images: SharedView['images']): SharedView {
  return {
    site: content.site,
    navigation: content.navigation,
    assets,
    links: externalLinks(content),
    feed: { href: '/feed.xml', title: content.strings.blog.feedTitle.replaceAll('{site}', content.site.name) },
    images,
    legalLinks: content.legal.map((page) => ({ name: page.footerLabel, href: legalPath(page.id) })),
    strings: content.strings,
    home: '/',
    blogHref: '/blog',
    searchHref: '/search',
    noticeHref: noticePath,
    search: content.search.dialog,
  };
}
