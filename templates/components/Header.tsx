/** The sticky header: logo, main navigation with the Services dropdown, external actions, and the mobile drawer. */
import type { ReactElement } from 'react';
import type { NavLink } from '../../src/schemas/catalogue.ts';
import type { Shell } from '../../src/view.ts';
import { Icon } from './Icon.tsx';
import { ExternalLink } from './Links.tsx';
import { Logo } from './Logo.tsx';

/** Whether a nav link points at the page being rendered (anchors on the home page do not). */
export function isCurrent(href: string, path: string): boolean {
  if (href.includes('#')) return false;
  const clean = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return clean(href) === clean(path) || (clean(href) === '/blog' && path.startsWith('/blog/'));
}

function NavItem({ link, path, onDrawer = false }: { link: NavLink; path: string; onDrawer?: boolean }): ReactElement {
  const current = isCurrent(link.href, path);
  return (
    <a href={link.href} className={onDrawer ? 'drawer-link' : 'nav-link'} aria-current={current ? 'page' : undefined} data-smooth={link.href.startsWith('/#') ? '' : undefined}>
      {link.name}
    </a>
  );
}

function ServiceGroups({ shell, idPrefix }: { shell: Shell; idPrefix: string }): ReactElement {
  return (
    <>
      {shell.navigation.services.groups.map((group, g) => (
        <div className="service-group" key={group.name}>
          <p className="service-group-name" id={`${idPrefix}-group-${g}`}>
            {group.name}
          </p>
          {group.items.length > 0 ? (
            <ul aria-labelledby={`${idPrefix}-group-${g}`}>
              {group.items.map((item) => (
                <li key={item.href}>
                  <a href={item.href} aria-current={isCurrent(item.href, shell.path) ? 'page' : undefined}>
                    {item.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="service-group-empty">Coming soon</p>
          )}
        </div>
      ))}
    </>
  );
}

export function Header({ shell }: { shell: Shell }): ReactElement {
  const { navigation, links, path } = shell;
  const main = navigation.main;
  const at = navigation.services.position;
  const portal = { name: 'portal_login_clicked', category: 'conversion' };
  const startVisit = { name: 'start_visit_clicked', category: 'conversion' };
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a href="/" className="logo" aria-label={`${shell.site.name}, home`}>
          <Logo />
          <span className="logo-text">{shell.site.shortName}</span>
        </a>
        <nav className="nav-desktop" aria-label="Main">
          <ul className="nav-list">
            {main.slice(0, at).map((link) => (
              <li key={link.href}>
                <NavItem link={link} path={path} />
              </li>
            ))}
            <li className="nav-dropdown">
              <button type="button" className="nav-link dropdown-toggle" aria-expanded="false" aria-controls="services-menu">
                {navigation.services.label}
                <Icon name="chevron-down" size={16} />
              </button>
              <div className="dropdown-panel" id="services-menu">
                <ServiceGroups shell={shell} idPrefix="menu" />
              </div>
            </li>
            {main.slice(at).map((link) => (
              <li key={link.href}>
                <NavItem link={link} path={path} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-actions">
          <ExternalLink href={links.patientPortal} className="button button-ghost" event={portal} eventLabel="header">
            {navigation.portal}
          </ExternalLink>
          <ExternalLink href={links.booking} className="button" event={startVisit} eventLabel="header">
            {navigation.bookVisit}
          </ExternalLink>
        </div>
        <a href="#site-map" className="menu-link">
          <Icon name="menu" />
          Menu
        </a>
        <button type="button" className="menu-button" aria-expanded="false" aria-controls="drawer" aria-label="Open menu">
          <Icon name="menu" />
        </button>
      </div>
      <dialog className="drawer" id="drawer" aria-label="Menu">
        <div className="drawer-head">
          <a href="/" className="logo" aria-label={`${shell.site.name}, home`}>
            <Logo />
          </a>
          <button type="button" className="drawer-close" aria-label="Close menu" data-close="">
            <Icon name="close" />
          </button>
        </div>
        <nav aria-label="Mobile">
          <ul className="drawer-list">
            {main.map((link) => (
              <li key={link.href}>
                <NavItem link={link} path={path} onDrawer />
              </li>
            ))}
          </ul>
          <p className="drawer-heading">{navigation.services.label}</p>
          <div className="drawer-services">
            <ServiceGroups shell={shell} idPrefix="drawer" />
          </div>
        </nav>
        <div className="drawer-actions">
          <ExternalLink href={links.patientPortal} className="button button-ghost" event={portal} eventLabel="mobile_header">
            {navigation.portal}
          </ExternalLink>
          <ExternalLink href={links.booking} className="button" event={startVisit} eventLabel="mobile_header">
            {navigation.bookVisit}
          </ExternalLink>
        </div>
      </dialog>
    </header>
  );
}
