/** The trail from home to the page, as links; the last step is the page itself (separators come from CSS). */
import type { ReactElement } from 'react';
import type { Breadcrumb } from '../../src/route/view.ts';
import { useStrings } from './Strings.tsx';

export function Breadcrumbs({ trail }: { trail: Breadcrumb[] }): ReactElement {
  return (
    <nav className="breadcrumbs" aria-label={useStrings().shell.breadcrumbLabel} data-pagefind-ignore="">
      <ol>
        {trail.map((step, i) => (
          <li key={step.href}>{i === trail.length - 1 ? <span aria-current="page">{step.name}</span> : <a href={step.href}>{step.name}</a>}</li>
        ))}
      </ol>
    </nav>
  );
}
