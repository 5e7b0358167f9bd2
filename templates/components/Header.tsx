/** The sticky header: logo, main navigation with the Services dropdown, external actions, and the mobile drawer. */
import type { ReactElement } from 'react';
import { outboundHref } from '../lib/links.ts';
import type { NavLink } from '../../src/schemas/catalogue.ts';
import type { LanguageSwitch, Shell } from '../../src/route/view.ts';
import { Icon } from './Icon.tsx';
import { ExternalLink } from './Links.tsx';
import { Logo } from './Logo.tsx';
import { SearchDialog, SearchToggle } from './SearchDialog.tsx';

/** Whether a nav link points at the page being rendered (anchors on the home page do not). */
export function isCurrent(href: string, path: string): boolean {
  if (href.includes('#')) return false;
  const clean = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return clean(href) === clean(path) || (/^(\/[a-z]{2})?\/blog$/.test(clean(href)) && path.startsWith(`${clean(href)}/`));
}

/** `data-smooth` marks links to a home section: on the home page the script scrolls to it. */
export function smoothAttribute(href: string): { 'data-smooth'?: string } {
  return /^(\/[a-z]{2})?\/#/.test(href) ? { 'data-smooth': '' } : {};
}

/** Every service page the dropdown leads to, in its order: a group's own page (Weight Loss) where it has one, then its items. */
export function serviceLinks(services: Shell['navigation']['services']): NavLink[] {
  return services.groups.flatMap((group) => [...(group.href ? [{ name: group.name, href: group.href }] : []), ...group.items]);
}

function NavItem({ link, path, className }: { link: NavLink; path: string; className: string }): ReactElement {
  return (
    <a href={link.href} className={className} aria-current={isCurrent(link.href, path) ? 'page' : undefined} {...smoothAttribute(link.href)}>
      {link.name}
    </a>
  );
}

/** The four service groups; a group without items shows its name only, as a link when it has a page. */
function ServiceGroups({ shell }: { shell: Shell }): ReactElement {
  return (
    <>
      {shell.navigation.services.groups.map((group) => (
        <div className={group.items.length > 0 ? 'service-group' : 'service-group service-group-empty'} key={group.name}>
          <p className="service-group-name">
            {group.href ? (
              <a href={group.href} className="service-group-link" aria-current={isCurrent(group.href, shell.path) ? 'page' : undefined}>
                {group.name}
                <Icon name="arrow-right" size={16} />
              </a>
            ) : (
              group.name
            )}
          </p>
          {group.items.length > 0 ? (
            <ul>
              {group.items.map((item) => (
                <li key={item.href}>
                  <a href={item.href} aria-current={isCurrent(item.href, shell.path) ? 'page' : undefined}>
                    {item.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
    </>
  );
}

/** Patient Portal and Book Visit Now, with the analytics label of where they sit. */
function HeaderActions({ shell, label }: { shell: Shell; label: 'header' | 'mobile_header' }): ReactElement {
  const { navigation, links, site } = shell;
  const bookVisit = outboundHref(links, { link: 'booking', service: site.bookingServices.visit });
  return (
    <>
      {shell.switcher && label === 'header' ? <LanguageLink to={shell.switcher} className="language-switch" compact /> : null}
      <ExternalLink href={links.patientPortal} className="button button-ghost" event={{ name: 'portal_login_clicked', category: 'conversion' }} eventLabel={label}>
        {navigation.portal}
      </ExternalLink>
      <ExternalLink href={bookVisit} className="button" event={{ name: 'start_visit_clicked', category: 'conversion' }} eventLabel={label}>
        {navigation.bookVisit}
      </ExternalLink>
    </>
  );
}

/** The language switcher: the other language's name, in that language, leading to the best page it has. */
function LanguageLink({ to, className, compact = false }: { to: LanguageSwitch; className: string; compact?: boolean }): ReactElement {
  return (
    <a href={to.href} className={className} lang={to.lang} hrefLang={to.lang} title={to.offer}>
      <Icon name="globe" size={18} />
      {compact ? (
        <>
          {/* The language's code, shown at every width; its name is read out, and holds the code, as voice control needs. */}
          <span aria-hidden="true" className="language-code">
            {to.lang.toUpperCase()}
          </span>
          <span className="visually-hidden">{to.elsewhere ? `${to.name}: ${to.offer}` : to.name}</span>
        </>
      ) : (
        <>
          {to.name}
          {/* On a page the other language lacks, the drawer says so and where the link leads. */}
          {to.elsewhere ? <span className="language-note">{to.offer}</span> : null}
        </>
      )}
    </a>
  );
}

/** The header every page shares; the drawer repeats its navigation for phones. */
export function Header({ shell }: { shell: Shell }): ReactElement {
  const { navigation, path, site, strings } = shell;
  const main = navigation.main;
  const at = navigation.services.position;
  const servicesCurrent = navigation.services.groups.some((g) => (g.href && isCurrent(g.href, path)) || g.items.some((i) => isCurrent(i.href, path)));
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a href={shell.home} className="logo">
          <Logo />
          <span className="logo-text">{site.shortName}</span>
        </a>
        <nav className="nav-desktop" aria-label={strings.shell.mainNavLabel}>
          <ul className="nav-list">
            {main.slice(0, at).map((link) => (
              <li key={link.href}>
                <NavItem link={link} path={path} className="nav-link" />
              </li>
            ))}
            <li className="nav-dropdown">
              <button type="button" className={servicesCurrent ? 'nav-link dropdown-toggle is-current' : 'nav-link dropdown-toggle'} aria-expanded="false" aria-controls="services-menu">
                {navigation.services.label}
                <Icon name="chevron-down" size={16} />
              </button>
              <div className="dropdown-panel" id="services-menu">
                <ServiceGroups shell={shell} />
              </div>
            </li>
            {main.slice(at).map((link) => (
              <li key={link.href}>
                <NavItem link={link} path={path} className="nav-link" />
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          <SearchToggle shell={shell} className="search-toggle" />
          <HeaderActions shell={shell} label="header" />
        </div>
        <SearchToggle shell={shell} className="search-toggle search-toggle-narrow" />
        {/* Phones: booking stays one tap away in the first screen, without opening the menu. */}
        <ExternalLink
          href={outboundHref(shell.links, { link: 'booking', service: site.bookingServices.visit })}
          className="button header-book"
          event={{ name: 'start_visit_clicked', category: 'conversion' }}
          eventLabel="mobile_header"
        >
          {navigation.bookVisitShort}
        </ExternalLink>
        {shell.switcher ? <LanguageLink to={shell.switcher} className="language-switch language-switch-compact" compact /> : null}
        <a href="#site-map" className="menu-link">
          <Icon name="menu" />
          {strings.shell.menu}
        </a>
        <button type="button" className="menu-button" aria-expanded="false" aria-controls="drawer" aria-label={strings.shell.openMenu}>
          <Icon name="menu" />
        </button>
      </div>
      <dialog className="drawer" id="drawer" aria-label={strings.shell.menu}>
        <div className="drawer-head">
          <a href={shell.home} className="logo">
            <Logo />
            <span className="logo-text">{site.shortName}</span>
          </a>
          <button type="button" className="icon-button" aria-label={strings.shell.closeMenu} data-close="">
            <Icon name="close" />
          </button>
        </div>
        {/* The part that scrolls: the actions below stay in view without covering a link (a sticky bar covered the last ones). */}
        <div className="drawer-body">
          {/* First in the drawer: a visitor who reads the other language finds it before anything else. */}
          {shell.switcher ? <LanguageLink to={shell.switcher} className="drawer-link drawer-language" /> : null}
          <nav aria-label={strings.shell.mobileNavLabel}>
            <button type="button" className="drawer-search" aria-controls="search" aria-haspopup="dialog" data-search-open="">
              <Icon name="search" />
              {shell.search.buttonLabel}
            </button>
            <ul className="drawer-list">
              {[...main, ...navigation.moreLinks].map((link) => (
                <li key={link.href}>
                  <NavItem link={link} path={path} className="drawer-link" />
                </li>
              ))}
            </ul>
            <p className="drawer-heading">{navigation.services.label}</p>
            <div className="drawer-services">
              <ServiceGroups shell={shell} />
            </div>
          </nav>
        </div>
        <div className="drawer-actions">
          <HeaderActions shell={shell} label="mobile_header" />
        </div>
      </dialog>
      <SearchDialog shell={shell} />
    </header>
  );
}
