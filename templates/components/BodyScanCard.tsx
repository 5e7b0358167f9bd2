/** A body-scan offering: image, price and time, what it includes and why it helps, and its schedule button. */
import type { ReactElement } from 'react';
import type { BodyScanOffering } from '../../src/schemas/inbody.ts';
import type { OutboundAction } from '../../src/schemas/common.ts';
import type { ExternalLinks } from '../../src/route/view.ts';
import { CheckList } from './CheckList.tsx';
import { Icon } from './Icon.tsx';
import { ActionLink } from './Links.tsx';
import { Picture } from './Picture.tsx';

export interface BodyScanLabels {
  price: string;
  duration: string;
  features: string;
  benefits: string;
}

export function BodyScanCard({
  offering,
  schedule,
  links,
  labels,
}: {
  offering: BodyScanOffering;
  schedule: OutboundAction;
  links: ExternalLinks;
  labels: BodyScanLabels;
}): ReactElement {
  const id = `offering-${offering.id}`;
  const headingId = `${id}-title`;
  return (
    <article className={offering.savings ? 'scan-card scan-card-featured' : 'scan-card'} id={id} aria-labelledby={headingId}>
      <div className="scan-card-image">
        <Picture src={offering.image.src} alt={offering.image.alt} sizes="(min-width: 1100px) 380px, (min-width: 768px) 50vw, 100vw" />
        {offering.savings ? <p className="savings-badge">{offering.savings}</p> : null}
      </div>
      <div className="scan-card-body">
        <header className="scan-card-header">
          <span className="card-icon">
            <Icon name={offering.icon} />
          </span>
          <h3 id={headingId}>{offering.title}</h3>
        </header>
        <dl className="scan-facts">
          <div>
            <dt>{labels.price}</dt>
            <dd className="scan-price">{offering.price}</dd>
          </div>
          <div>
            <dt>{labels.duration}</dt>
            <dd>
              <Icon name="clock" size={16} />
              {offering.duration}
            </dd>
          </div>
        </dl>
        <p>{offering.description}</p>
        <h4>{labels.features}</h4>
        <CheckList items={offering.features} />
        <h4>{labels.benefits}</h4>
        <CheckList items={offering.benefits} className="check-list-accent" />
        <ActionLink action={schedule} links={links} className="button button-block" eventLabel={offering.id} />
      </div>
    </article>
  );
}
