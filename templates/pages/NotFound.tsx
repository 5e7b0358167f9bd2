/** The fallback page for unknown paths, inside the shared layout, with a way home and the main destinations. */
import type { ReactElement } from 'react';
import type { PageView, Shell } from '../../src/route/view.ts';
import { serviceLinks, smoothAttribute } from '../components/Header.tsx';
import { Icon } from '../components/Icon.tsx';
import { ExternalLink } from '../components/Links.tsx';
import { PhoneLink } from '../components/PhoneLink.tsx';
import { outboundHref } from '../lib/links.ts';

type NotFoundView = Extract<PageView, { template: 'notFound' }>;

/** The 404 page. */
export function NotFoundPage({ shell, view }: { shell: Shell; view: NotFoundView }): ReactElement {
  const { notFound } = view;
  return (
    <div className="not-found">
      <div className="container container-narrow">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>{notFound.heading}</h1>
        <p className="lead">{notFound.text}</p>
        <p className="button-row not-found-ways">
          <a className="button button-large" href={shell.home}>
            <Icon name="arrow-right" size={18} className="icon-flip" />
            {notFound.homeLabel}
          </a>
          {/* The search page (the dialog opens over it where JavaScript runs): the other way to the page sought. */}
          <a className="button button-large button-ghost" href={shell.searchHref}>
            <Icon name="search" size={18} />
            {notFound.searchLabel}
          </a>
        </p>
        <p className="not-found-help">{notFound.helpText}</p>
        <p className="button-row not-found-actions">
          <PhoneLink phone={shell.site.phone} label={shell.strings.shell.call} className="button button-ghost" />
          {/* SPEC section 7 names no label for this page: not_found, like every other booking button's event. */}
          <ExternalLink href={outboundHref(shell.links, { link: 'booking', service: shell.site.bookingServices.visit })} className="button" event={{ name: 'start_visit_clicked', category: 'conversion' }} eventLabel="not_found">
            {shell.navigation.bookVisit}
          </ExternalLink>
        </p>
        <h2 className="not-found-suggestions">{notFound.suggestionsHeading}</h2>
        <ul className="pill-links">
          {[...shell.navigation.main, ...shell.navigation.moreLinks].map((link) => (
            <li key={link.href}>
              <a href={link.href} {...smoothAttribute(link.href)}>
                {link.name}
              </a>
            </li>
          ))}
        </ul>
        <h2 className="not-found-suggestions">{notFound.servicesHeading}</h2>
        <ul className="pill-links">
          {serviceLinks(shell.navigation.services).map((item) => (
            <li key={item.href}>
              <a href={item.href}>{item.name}</a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
