/** The blog index: the featured article, Recent Articles, pagination for older ones, and the article dialog. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/view.ts';
import { ArticleCard, cardAccents } from '../components/ArticleCard.tsx';
import { ActionLink } from '../components/Links.tsx';
import { Modal } from '../components/Modal.tsx';
import { PageHero } from '../components/PageHero.tsx';

type BlogView = Extract<PageView, { template: 'blog' }>;

/** The dialog the script fills from a card and the article's own page. */
function ArticleDialog({ shell, page }: { shell: Shell; page: BlogView['page'] }): ReactElement {
  return (
    <Modal
      id="article-dialog"
      titleId="article-dialog-title"
      className="article-dialog"
      closeLabel={page.closeLabel}
      head={
        <>
          <p className="card-meta">
            <span className="category-badge" data-field="category" />
            <span data-field="readTime" />
          </p>
          <h2 id="article-dialog-title" data-field="title">
            {page.heading}
          </h2>
          <p className="byline">
            <span data-field="author" />
            <span aria-hidden="true">·</span>
            <span data-field="date" />
          </p>
        </>
      }
      foot={<ActionLink action={page.bookNow} links={shell.links} sameTabFallback />}
    >
      <div className="prose" data-article-body="" data-loading={page.loadingLabel} />
    </Modal>
  );
}

/** One page of the blog index. */
export function BlogPage({ shell, view }: { shell: Shell; view: BlogView }): ReactElement {
  const { page, featured, recent, pagination } = view;
  const widget = shell.site.intakeWidget;
  return (
    <div className="blog-page">
      <PageHero title={page.heading} intro={page.intro} actions={<ActionLink action={page.bookNow} links={shell.links} sameTabFallback />} />
      <div className="container blog-body">
        {featured ? (
          <section aria-labelledby="featured-heading" className="blog-featured">
            <h2 id="featured-heading" className="eyebrow">
              {page.featuredLabel}
            </h2>
            <ArticleCard article={featured} accent="teal" readMore={page.readMore} featured />
          </section>
        ) : null}
        {recent.length > 0 ? (
          <section aria-labelledby="recent-heading" className="blog-recent">
            <h2 id="recent-heading">{page.recentHeading}</h2>
            <div className="article-grid">
              {recent.map((article, i) => (
                <ArticleCard key={article.slug} article={article} accent={cardAccents[i % cardAccents.length]!} readMore={page.readMore} />
              ))}
            </div>
          </section>
        ) : null}
        {pagination.pages > 1 ? (
          <nav className="pagination" aria-label={page.heading}>
            <ul>
              {pagination.hrefs.map((href, i) => (
                <li key={href}>
                  <a href={href} aria-current={i + 1 === pagination.page ? 'page' : undefined}>
                    {i + 1}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {widget ? <div id={widget.containerId} className="intake-widget" /> : null}
      </div>
      <ArticleDialog shell={shell} page={page} />
    </div>
  );
}
