/** A blog article as the index shows it: a real link to its page, which the script opens in a dialog. */
import type { ReactElement } from 'react';
import type { ArticleSummary } from '../../src/route/view.ts';
import { Icon } from './Icon.tsx';
import { Logo } from './Logo.tsx';
import { Picture } from './Picture.tsx';

/**
 * The fields carry `data-field` so the article dialog can show the same title, category, author,
 * date and read time while the text loads.
 */
export function ArticleCard({
  article,
  readMore,
  categoryLabel,
  featured = false,
  halfRow = false,
  headingLevel = 3,
}: {
  article: ArticleSummary;
  readMore: string;
  /** What screen readers hear on the category badge, `{category}` standing for its name. */
  categoryLabel: string;
  featured?: boolean;
  /** On a last row of two in three columns (halfRowAtWide): its picture is shown wider. */
  halfRow?: boolean;
  headingLevel?: 2 | 3;
}): ReactElement {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  // A card takes its category's colour (content/blog.yaml), the same on every page.
  return (
    <article className={`article-card accent-${article.categoryColor}${featured ? ' article-card-featured' : ''}`} data-article-card="">
      {article.image ? (
        // Decorative art: the title says what the article is about. The featured card's is above the fold on
        // phones and desktops alike, and the largest thing there (the LCP element): it loads first, not lazily.
        <div className="card-image">
          <Picture src={article.image} alt="" priority={featured} sizes={sizesOf(featured, halfRow)} />
        </div>
      ) : featured ? (
        <div className="featured-visual" aria-hidden="true">
          <Logo size={96} />
        </div>
      ) : null}
      <div className="article-card-body">
        <p className="card-meta">
          <CategoryLink article={article} label={categoryLabel} />
          <span className="card-readtime" data-field="readTime">
            {article.readTime}
          </span>
        </p>
        <Title className="card-title">
          <a href={article.href} data-article="" data-field="title">
            {article.title}
          </a>
        </Title>
        <p className="card-excerpt">{article.excerpt}</p>
        <p className="card-byline">
          <span data-field="author">{article.author}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={article.publishDate} data-field="date">
            {article.date}
          </time>
        </p>
        <span className="card-more" aria-hidden="true">
          {readMore}
          <Icon name="arrow-right" size={16} />
        </span>
      </div>
    </article>
  );
}

/** The category badge, a link to the category's page (above the card's own link, which covers the card). */
export function CategoryLink({ article, label }: { article: Pick<ArticleSummary, 'category' | 'categoryHref' | 'categoryColor'>; label: string }): ReactElement {
  return (
    <a className={`category-badge category-link accent-${article.categoryColor}`} href={article.categoryHref} aria-label={label.replaceAll('{category}', article.category)} data-field="category">
      {article.category}
    </a>
  );
}

/** The width a card's picture is shown at, for the browser to pick its variant. */
function sizesOf(featured: boolean, halfRow: boolean): string {
  if (featured) return '(min-width: 1200px) 634px, (min-width: 768px) 55vw, 100vw';
  return `(min-width: 1200px) ${halfRow ? '572px' : '380px'}, (min-width: 1024px) ${halfRow ? '48vw' : '32vw'}, (min-width: 768px) 50vw, 100vw`;
}

/**
 * Whether the card at `index` of `count` stands on a last row of two in the three-column grid (blog.css: 3 + 2 -> the last two,
 * 3 + 1 -> the last four as two rows of two), where each is half the row wide.
 */
export function halfRowAtWide(index: number, count: number): boolean {
  return (count % 3 === 2 && index >= count - 2) || (count % 3 === 1 && count >= 4 && index >= count - 4);
}
