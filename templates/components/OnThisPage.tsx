/** A short outline of the page beside the hero on wide screens: links to its cards and sections. */
import type { ReactElement } from 'react';
import { Icon } from './Icon.tsx';
import { useStrings } from './Strings.tsx';

export function OnThisPage({ links, title }: { links: { href: string; name: string }[]; title?: string }): ReactElement {
  const strings = useStrings();
  return (
    <nav className="page-hero-aside on-this-page" aria-labelledby="on-this-page-title" data-pagefind-ignore="">
      <p className="on-this-page-title" id="on-this-page-title">
        {title ?? strings.shell.onThisPage}
      </p>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>
              <span>{link.name}</span>
              <Icon name="arrow-right" size={16} />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
