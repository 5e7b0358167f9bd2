/** An article's own page: title, byline, body, and a way to book. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/view.ts';
import { ActionLink } from '../components/Links.tsx';

type ArticleView = Extract<PageView, { template: 'article' }>;

/** Author, date, read time and category of an article. */
export function Byline({ article }: { article: ArticleView['article'] }): ReactElement {
  return (
    <p className="byline">
      <span className="category-badge">{article.category}</span>
      <span>{article.author}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={article.publishDate}>{article.date}</time>
      <span aria-hidden="true">·</span>
      <span>{article.readTime}</span>
    </p>
  );
}

export function ArticlePage({ shell, view }: { shell: Shell; view: ArticleView }): ReactElement {
  const { article, page } = view;
  return (
    <article className="article-page" id="article">
      <div className="container container-narrow">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <a href="/blog">{page.heading}</a>
        </nav>
        <h1>{article.title}</h1>
        <Byline article={article} />
        <p className="lead">{article.excerpt}</p>
        <div className="prose" dangerouslySetInnerHTML={{ __html: article.html }} />
        <p className="article-cta">
          <ActionLink action={page.bookNow} links={shell.links} />
        </p>
      </div>
    </article>
  );
}
