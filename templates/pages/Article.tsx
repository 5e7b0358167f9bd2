/** An article's own page: title, byline, body (`.prose`, which the blog's dialog loads), and a way to book. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/route/view.ts';
import { ArticleCard, CategoryLink, halfRowAtWide } from '../components/ArticleCard.tsx';
import { CrisisLine } from '../components/CrisisLine.tsx';
import { Icon } from '../components/Icon.tsx';
import { ActionLink } from '../components/Links.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Picture } from '../components/Picture.tsx';
import { References, ReviewByline } from '../components/Review.tsx';

type ArticleView = Extract<PageView, { template: 'article' }>;

/** Author, date and read time of an article. */
export function Byline({ article }: { article: ArticleView['article'] }): ReactElement {
  return (
    <p className="byline">
      <span>{article.author}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={article.publishDate}>{article.date}</time>
      <span aria-hidden="true">·</span>
      <span>{article.readTime}</span>
    </p>
  );
}

/** The page of one article, `/blog/SLUG/`. */
export function ArticlePage({ shell, view }: { shell: Shell; view: ArticleView }): ReactElement {
  const { article, page, related, review } = view;
  return (
    <article className="article-page">
      <PageHero
        className="article-hero"
        eyebrow={
          <>
            <a className="back-link" href={shell.blogHref}>
              <Icon name="arrow-right" size={16} className="icon-flip" />
              {page.backLabel}
            </a>
            <p className="card-meta">
              <CategoryLink article={article} label={page.category.linkLabel} />
            </p>
          </>
        }
        title={article.title}
        intro={article.excerpt}
      >
        <Byline article={article} />
        <ReviewByline review={review} />
        {article.image ? (
          // Decorative art, and on phones the largest thing above the fold: loaded first.
          <div className="article-image">
            <Picture src={article.image} alt="" priority sizes="(min-width: 800px) 736px, 100vw" />
          </div>
        ) : null}
      </PageHero>
      {article.mentalHealth ? <CrisisLine crisis={shell.site.crisisLine} placement="top" /> : null}
      <div className="container container-narrow article-body">
        {article.outline.length > 0 ? (
          // Outside .prose: the blog's dialog loads only the text.
          <nav className="article-outline" aria-labelledby="article-outline-title" data-pagefind-ignore="">
            <p className="article-outline-title" id="article-outline-title">
              {page.outlineLabel}
            </p>
            <ol>
              {article.outline.map((entry) => (
                <li key={entry.id}>
                  <a href={`#${entry.id}`}>{entry.text}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div className="prose" dangerouslySetInnerHTML={{ __html: article.html }} />
        <References sources={article.sources} />
        {article.mentalHealth ? <CrisisLine crisis={shell.site.crisisLine} placement="close" /> : null}
        <aside className="article-cta" aria-labelledby="article-cta-heading" data-pagefind-ignore="">
          <h2 id="article-cta-heading">{page.ctaHeading}</h2>
          <p>{page.ctaText}</p>
          <ActionLink action={page.bookNow} links={shell.links} sameTabFallback />
        </aside>
      </div>
      {related.length > 0 ? (
        <section className="container related-articles" aria-labelledby="related-heading" data-pagefind-ignore="">
          <h2 id="related-heading">{page.relatedHeading}</h2>
          <div className="article-grid">
            {related.map((other, index) => (
              <ArticleCard key={other.slug} article={other} readMore={page.readMore} categoryLabel={page.category.linkLabel}
                halfRow={halfRowAtWide(index, related.length)} />
            ))}
          </div>
        </section>
      ) : null}
    </article>
  );
}
