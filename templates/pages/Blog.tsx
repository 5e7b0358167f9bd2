/** The blog index: the featured article, Recent Articles, and pagination for older ones. */
import type { ReactElement } from 'react';
import type { ArticleSummary, PageView, Shell } from '../../src/view.ts';
import { ActionLink } from '../components/Links.tsx';

type BlogView = Extract<PageView, { template: 'blog' }>;

function ArticleCard({ article, featured = false }: { article: ArticleSummary; featured?: boolean }): ReactElement {
  return (
    <article className={featured ? 'article-card article-card-featured' : 'article-card'}>
      <p className="card-meta">
        <span className="category-badge">{article.category}</span>
        <span>{article.readTime}</span>
      </p>
      <h3 className="card-title">
        <a href={article.href} data-article={article.slug}>
          {article.title}
        </a>
      </h3>
      <p className="card-excerpt">{article.excerpt}</p>
      <p className="card-byline">
        {article.author} · <time dateTime={article.publishDate}>{article.date}</time>
      </p>
    </article>
  );
}

export function BlogPage({ shell, view }: { shell: Shell; view: BlogView }): ReactElement {
  const { page, featured, recent, pagination } = view;
  return (
    <div className="blog-page">
      <div className="container">
        <header className="page-header">
          <h1>{page.heading}</h1>
          <p className="lead">{page.intro}</p>
          <ActionLink action={page.bookNow} links={shell.links} />
        </header>
        {featured ? (
          <section aria-labelledby="featured-heading" className="featured">
            <h2 id="featured-heading" className="eyebrow">
              {page.featuredLabel}
            </h2>
            <ArticleCard article={featured} featured />
          </section>
        ) : null}
        <section aria-labelledby="recent-heading">
          <h2 id="recent-heading">{page.recentHeading}</h2>
          <div className="article-grid">
            {recent.map((article) => (
              <ArticleCard key={article.slug} article={article} />
            ))}
          </div>
        </section>
        {pagination.pages > 1 ? (
          <nav className="pagination" aria-label="Blog pages">
            {pagination.hrefs.map((href, i) => (
              <a key={href} href={href} aria-current={i + 1 === pagination.page ? 'page' : undefined}>
                {i + 1}
              </a>
            ))}
          </nav>
        ) : null}
      </div>
    </div>
  );
}
