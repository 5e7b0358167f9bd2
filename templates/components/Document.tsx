/** The HTML document: head metadata, shared header and footer, the page in between. */
import type { ReactElement, ReactNode } from 'react';
import type { Shell } from '../../src/route/view.ts';
import type { SearchKind } from '../../src/schemas/search.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/** The attributes that make `<main>` the part of a page search indexes, with its kind as a filter and a result label. */
function searchAttributes(kind: SearchKind | undefined): Record<string, string> {
  return kind ? { 'data-pagefind-body': '', 'data-pagefind-filter': `kind:${kind}`, 'data-pagefind-meta': `kind:${kind}` } : {};
}

/** The whole document; `searchKind` marks the page for the search index (undefined: not indexed). */
export function Document(props: { shell: Shell; searchKind?: SearchKind | undefined; children: ReactNode }): ReactElement {
  const { shell, searchKind, children } = props;
  const { meta, site, assets, strings } = shell;
  const measurementId = site.analytics.measurementId;
  return (
    <html lang={site.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.documentTitle}</title>
        <meta name="description" content={meta.description} />
        <meta name="keywords" content={meta.keywords.join(', ')} />
        <meta name="robots" content={meta.index ? 'index, follow' : 'noindex, follow'} />
        {meta.url ? <link rel="canonical" href={meta.url} /> : null}
        {shell.alternates.map((alternate) => (
          <link key={alternate.lang} rel="alternate" hrefLang={alternate.lang} href={alternate.url} />
        ))}
        {meta.previous ? <link rel="prev" href={meta.previous} /> : null}
        {meta.next ? <link rel="next" href={meta.next} /> : null}
        <meta name="theme-color" content="#0f3d4c" />
        <meta property="og:type" content={meta.type} />
        <meta property="og:site_name" content={site.name} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        {meta.url ? <meta property="og:url" content={meta.url} /> : null}
        <meta property="og:image" content={meta.image.url} />
        <meta property="og:image:width" content={String(meta.image.width)} />
        <meta property="og:image:height" content={String(meta.image.height)} />
        <meta property="og:image:alt" content={meta.image.alt} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        <meta name="twitter:image" content={meta.image.url} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="alternate" type="application/rss+xml" title={shell.feed.title} href={shell.feed.href} />
        {meta.feed ? <link rel="alternate" type="application/rss+xml" title={meta.feed.title} href={meta.feed.href} /> : null}
        {assets.fonts.map((font) => (
          <link key={font} rel="preload" href={font} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        <link rel="stylesheet" href={assets.css} />
        <script src={assets.js} defer data-measurement-id={measurementId} />
        {measurementId ? <script src={`https://www.googletagmanager.com/gtag/js?id=${measurementId}`} async /> : null}
        {shell.scripts.map((src) => (
          <script key={src} src={src} async />
        ))}
        {shell.jsonLd.map((json, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
        ))}
      </head>
      <body>
        <a className="skip-link" href="#main">
          {strings.shell.skipToContent}
        </a>
        <Header shell={shell} />
        <main id="main" tabIndex={-1} {...searchAttributes(searchKind)}>
          {shell.draft ? (
            <p className="draft-banner" role="note" data-pagefind-ignore="">
              {strings.shell.draftBanner} <code>build</code>
            </p>
          ) : null}
          {children}
        </main>
        <Footer shell={shell} />
      </body>
    </html>
  );
}
