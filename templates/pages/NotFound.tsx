/** The fallback page for unknown paths, inside the shared layout. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/view.ts';

type NotFoundView = Extract<PageView, { template: 'notFound' }>;

export function NotFoundPage({ view }: { shell: Shell; view: NotFoundView }): ReactElement {
  return (
    <div className="not-found">
      <div className="container container-narrow">
        <h1>{view.notFound.heading}</h1>
        <p className="lead">{view.notFound.text}</p>
        <a className="button" href="/">
          {view.notFound.homeLabel}
        </a>
      </div>
    </div>
  );
}
