/** Home #contact: office location, scheduling, care options, office hours and the map (loaded lazily). */
import type { ReactElement } from 'react';
import type { Home } from '../../../src/schemas/pages.ts';
import type { Site } from '../../../src/schemas/site.ts';
import type { Strings } from '../../../src/schemas/strings.ts';
import type { ExternalLinks } from '../../../src/route/view.ts';
import { Icon } from '../Icon.tsx';
import { ActionLink, ExternalLink } from '../Links.tsx';
import { PhoneLink } from '../PhoneLink.tsx';
import { Section } from '../Section.tsx';

/** "17:00" as the page's language writes it on a 12-hour clock: "5:00 PM", "5:00 p. m.". */
function twelveHour(time: string, dates: Pick<Strings['dates'], 'am' | 'pm'>): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? dates.am : dates.pm}`;
}

/** One row of office hours: its opening and closing times joined by `join` ("to", "a"), or `closed` when it is closed. */
export function OpeningTimes(props: { row: Site['officeHours'][number]; join: string; closed: string; dates: Strings['dates'] }): ReactElement {
  const { row, join, closed, dates } = props;
  if (row.closed || !row.opens || !row.closes) return <>{closed}</>;
  return (
    <>
      <time dateTime={row.opens}>{twelveHour(row.opens, dates)}</time> {join}{' '}
      <time dateTime={row.closes}>{twelveHour(row.closes, dates)}</time>
    </>
  );
}

/** The #contact section; office hours come from site.yaml, written as the page's language writes times (`dates`). */
export function Contact(props: { contact: Home['contact']; site: Site; links: ExternalLinks; dates: Strings['dates'] }): ReactElement {
  const { contact, site, links, dates } = props;
  const { address } = site;
  return (
    <Section id="contact" heading={contact.heading} intro={contact.intro} className="section-contact">
      <div className="contact-grid">
        <div className="contact-cards">
          <div className="contact-card">
            <h3>
              <Icon name="map-pin" />
              {contact.locationTitle}
            </h3>
            <address>
              {address.street}
              <br />
              {address.city}, {address.region} {address.postalCode}
            </address>
            <ul className="contact-lines">
              <li>
                <Icon name="phone" size={18} />
                <span className="visually-hidden">{contact.phoneLabel}: </span>
                <PhoneLink phone={site.phone} />
              </li>
              <li>
                <Icon name="mail" size={18} />
                <span className="visually-hidden">{contact.emailLabel}: </span>
                <a href={`mailto:${site.email}`}>{site.email}</a>
              </li>
            </ul>
            <ExternalLink href={site.map.directionsUrl} className="text-link" icon>
              {contact.directionsLabel}
            </ExternalLink>
          </div>
          <div className="contact-card">
            <h3>
              <Icon name="calendar" />
              {contact.scheduleTitle}
            </h3>
            <p>{contact.scheduleText}</p>
            <div className="button-row">
              <ActionLink action={contact.scheduleAction} links={links} />
              <PhoneLink phone={site.phone} className="button button-ghost">
                <Icon name="phone" size={18} />
              </PhoneLink>
            </div>
            <p className="contact-costs">
              <a href={contact.costsLink.href} className="text-link">
                {contact.costsLink.name}
                <Icon name="arrow-right" size={16} />
              </a>
            </p>
          </div>
          <div className="contact-card">
            <h3>
              <Icon name="users" />
              {contact.careTitle}
            </h3>
            <ul className="care-options">
              {contact.careOptions.map((option) => (
                <li key={option.title}>
                  <span className="care-icon">
                    <Icon name={option.icon} size={20} />
                  </span>
                  <span>
                    <strong>{option.title}</strong>
                    {option.text ? <span>{option.text}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div className="contact-card">
            <h3>
              <Icon name="clock" />
              {contact.hoursTitle}
            </h3>
            <dl className="hours">
              {site.officeHours.map((row) => (
                <div key={row.label} className={row.closed ? 'hours-row is-closed' : 'hours-row'}>
                  <dt>{row.label}</dt>
                  <dd>
                    <OpeningTimes row={row} join={contact.hoursJoin} closed={contact.closedLabel} dates={dates} />
                  </dd>
                </div>
              ))}
            </dl>
            <p className="hours-note">{contact.hoursNote}</p>
          </div>
        </div>
        <div className="map-frame">
          <iframe src={site.map.embedUrl} title={site.map.title} width="600" height="450" loading="lazy" referrerPolicy="no-referrer-when-downgrade" allowFullScreen />
        </div>
      </div>
    </Section>
  );
}
