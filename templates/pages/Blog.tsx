/** The blog index: the featured article, Recent Articles, pagination for older ones, and the article dialog. */
import type { ReactElement } from 'react';
import type { BlogPage } from '../../src/schemas/pages.ts';
import type { PageView, Pagination, Shell } from '../../src/route/view.ts';
import { ArticleCard, halfRowAtWide } from '../components/ArticleCard.tsx';
import { Icon } from '../components/Icon.tsx';
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
  const { page, featured, recent, pagination, category } = view;
  // The intake widget belongs to the blog index itself (SPEC), not to the category pages.
  const widget = category ? undefined : shell.site.intakeWidget;
  const label = page.category.linkLabel;
  return (
    <div className="blog-page">
      <PageHero
        title={category ? category.name : page.heading}
        intro={category ? category.intro : page.intro}
        eyebrow={
          category ? (
            <a className="back-link" href={shell.blogHref}>
              <Icon name="arrow-right" size={16} className="icon-flip" />
              {page.backLabel}
            </a>
          ) : undefined
        }
        actions={<ActionLink action={page.bookNow} links={shell.links} sameTabFallback />}
      />
      <div className="container blog-body">
        {featured ? (
          <section aria-labelledby="featured-heading" className="blog-featured">
            <h2 id="featured-heading" className="eyebrow">
              {page.featuredLabel}
            </h2>
            <ArticleCard article={featured} readMore={page.readMore} categoryLabel={label} featured />
          </section>
        ) : null}
        {recent.length > 0 && category ? (
          <div className="article-grid">
            {recent.map((article, index) => (
              <ArticleCard key={article.slug} article={article} readMore={page.readMore} categoryLabel={label} headingLevel={2}
                halfRow={halfRowAtWide(index, recent.length)} />
            ))}
          </div>
        ) : recent.length > 0 ? (
          <section aria-labelledby="recent-heading" className="blog-recent">
            <h2 id="recent-heading">{page.recentHeading}</h2>
            <div className="article-grid">
              {recent.map((article, index) => (
                <ArticleCard key={article.slug} article={article} readMore={page.readMore} categoryLabel={label}
                  halfRow={halfRowAtWide(index, recent.length)} />
              ))}
            </div>
          </section>
        ) : null}
        {pagination.pages > 1 ? <PageLinks pagination={pagination} labels={page.pagination} /> : null}
        {widget ? <div id={widget.containerId} className="intake-widget" /> : null}
      </div>
      <ArticleDialog shell={shell} page={page} />
    </div>
  );
}

/** Newer and older links around the numbered pages: the first, the last, and two either side of this one. */
function PageLinks({ pagination, labels }: { pagination: Pagination; labels: BlogPage['pagination'] }): ReactElement {
  return (
    <nav className="pagination" aria-label={labels.label}>
      {pagination.previous ? (
        <a className="pagination-step" href={pagination.previous} rel="prev">
          <Icon name="chevron-left" />
          {labels.newer}
        </a>
      ) : null}
      <ul>
        {pagination.items.map((item) =>
          'gap' in item ? (
            <li key={`gap-${item.after}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <a href={item.href} aria-current={item.page === pagination.page ? 'page' : undefined}>
                {item.page}
              </a>
            </li>
          ),
        )}
      </ul>
      {pagination.next ? (
        <a className="pagination-step" href={pagination.next} rel="next">
          {labels.older}
          <Icon name="chevron-right" />
        </a>
      ) : null}
    </nav>
  );
}
