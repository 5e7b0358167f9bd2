/** The /search page: where the search button leads without JavaScript; with it, a button opens the search dialog. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/route/view.ts';
import { Icon } from '../components/Icon.tsx';

type SearchView = Extract<PageView, { template: 'search' }>;

/** Search needs JavaScript: without it the page says so and offers the site map; with it, a button opens the dialog. */
export function SearchPage({ shell, view }: { shell: Shell; view: SearchView }): ReactElement {
  const { search } = view;
  return (
    <div className="search-page">
      <div className="container container-narrow">
        <h1>{search.heading}</h1>
        <p className="lead search-page-noscript">{search.noScript}</p>
        <p className="search-page-noscript">
          <a className="button button-large" href="#site-map">
            {search.siteMapLabel}
          </a>
        </p>
        <p className="search-page-open">
          <button type="button" className="button button-large" aria-controls="search" aria-haspopup="dialog" data-search-open="">
            <Icon name="search" size={18} />
            {search.openLabel}
          </button>
        </p>
        <p className="search-page-open">{shell.search.placeholder}</p>
      </div>
    </div>
  );
}
