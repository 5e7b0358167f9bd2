/** The footer: quick links, every service (the no-JavaScript site map), contact, social links and the fine print. */
import type { ReactElement } from 'react';
import { outboundHref } from '../lib/links.ts';
import type { Shell } from '../../src/route/view.ts';
import { serviceLinks, smoothAttribute } from './Header.tsx';
import { OpeningTimes } from './home/Contact.tsx';
import { Icon } from './Icon.tsx';
import { DialText } from './DialText.tsx';
import { ExternalLink } from './Links.tsx';
import { Logo } from './Logo.tsx';
import { PhoneLink } from './PhoneLink.tsx';

const socials = [
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['linkedin', 'Linkedin'],
] as const;

/** The footer every page shares; it is also the site map the no-JavaScript Menu link jumps to. */
export function Footer({ shell }: { shell: Shell }): ReactElement {
  const { site, navigation, links } = shell;
  const { footer } = navigation;
  // Pages of the main navigation the quick links leave out, so that the footer reaches every destination.
  const otherPages = [...navigation.main, ...navigation.moreLinks].filter((link) => !link.href.includes('#') && !footer.quickLinks.some((q) => q.href === link.href));
  return (
    <footer className="site-footer" id="site-map">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a href={shell.home} className="logo logo-light">
            <Logo />
            <span className="logo-text">{site.shortName}</span>
          </a>
          <p className="footer-tagline">{site.tagline}</p>
          <ExternalLink href={links.newPatientIntake} className="button button-light" event={{ name: 'start_visit_clicked', category: 'conversion' }} eventLabel="footer">
            {navigation.startVisit}
          </ExternalLink>
          <h2 className="footer-heading footer-follow">
            {footer.followHeading}
          </h2>
          <ul className="social-links">
            {socials.map(([key, name]) => (
              <li key={key}>
                <ExternalLink href={site.social[key]} className="social-link">
                  <Icon name={key} size={20} />
                  <span className="visually-hidden">{name}</span>
                </ExternalLink>
              </li>
            ))}
          </ul>
        </div>
        <nav className="footer-col" aria-labelledby="footer-quick">
          <h2 className="footer-heading" id="footer-quick">
            {footer.quickLinksHeading}
          </h2>
          <ul className="footer-links">
            {footer.quickLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} {...smoothAttribute(link.href)}>
                  {link.name}
                </a>
              </li>
            ))}
            {otherPages.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.name}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="footer-col" aria-labelledby="footer-services">
          <h2 className="footer-heading" id="footer-services">
            {navigation.services.label}
          </h2>
          <ul className="footer-links">
            {serviceLinks(navigation.services).map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.name}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer-col">
          <h2 className="footer-heading">{footer.contactHeading}</h2>
          <ul className="footer-contact">
            <li>
              <Icon name="phone" size={18} />
              <PhoneLink phone={site.phone} />
            </li>
            <li>
              <Icon name="mail" size={18} />
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </li>
            <li>
              <Icon name="map-pin" size={18} />
              <address>
                {site.address.street}
                <br />
                {site.address.city}, {site.address.region} {site.address.postalCode}
              </address>
            </li>
          </ul>
          <OfficeHours shell={shell} />
          {/* The header's actions again: on phones without JavaScript there is no drawer to reach them. */}
          <ul className="footer-links footer-actions">
            <li>
              <ExternalLink href={links.patientPortal} event={{ name: 'portal_login_clicked', category: 'conversion' }} eventLabel="footer" icon>
                {navigation.portal}
              </ExternalLink>
            </li>
            <li>
              <ExternalLink href={outboundHref(links, { link: 'booking', service: site.bookingServices.visit })} event={{ name: 'start_visit_clicked', category: 'conversion' }} eventLabel="footer" icon>
                {navigation.bookVisit}
              </ExternalLink>
            </li>
          </ul>
        </div>
      </div>
      <div className="container footer-bottom">
        <nav aria-label={footer.legalHeading} className="footer-legal">
          <ul>
            {shell.legalLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={shell.path === link.href ? 'page' : undefined}>
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {/* The notice of language assistance on every page, and the page in the other language (without JavaScript, no drawer). */}
        <nav aria-label={shell.strings.language.switcherLabel} className="footer-language">
          <ul>
            <li>
              <a href={shell.noticeHref} aria-current={shell.path === shell.noticeHref ? 'page' : undefined}>
                {shell.strings.language.noticeLink}
              </a>
            </li>
            {shell.switcher ? (
              <li>
                <a href={shell.switcher.href} lang={shell.switcher.lang} hrefLang={shell.switcher.lang}>
                  {shell.switcher.offer}
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
        <p className="disclaimer">
          <DialText text={site.disclaimer} />
        </p>
        <p className="copyright">
          © {site.copyrightYear} {site.name}. {shell.strings.shell.rightsReserved}
        </p>
      </div>
    </footer>
  );
}

/** The office hours from site.yaml, under the address on every page, written as the page's language writes times. */
function OfficeHours({ shell }: { shell: Shell }): ReactElement {
  const { footer } = shell.navigation;
  const dates = shell.strings.dates;
  return (
    <>
      <h2 className="footer-heading footer-hours-heading">
        <Icon name="clock" size={16} />
        {footer.hoursHeading}
      </h2>
      <dl className="footer-hours">
        {shell.site.officeHours.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>
              <OpeningTimes row={row} join={footer.hoursJoin} closed={footer.closedLabel} dates={dates} />
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
