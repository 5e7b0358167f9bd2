/** Home #team: every provider of the practice with photo, name, credentials and role, as their files in content/providers/ hold them. */
import type { ReactElement } from 'react';
import type { Home } from '../../../src/schemas/pages.ts';
import type { TeamMember } from '../../../src/route/view.ts';
import { InEnglish } from '../InEnglish.tsx';
import { Picture } from '../Picture.tsx';
import { Section } from '../Section.tsx';
import { useStrings } from '../Strings.tsx';

/** The providers' section; nothing while the page has none or no providers to list. `inEnglish`: the note of an untranslated role. */
export function Team(props: { team: Home['team']; members: TeamMember[]; inEnglish: string }): ReactElement | null {
  const { team, members, inEnglish } = props;
  const illustration = useStrings().shell.illustration;
  if (!team || members.length === 0) return null;
  return (
    <Section id="team" heading={team.heading} className="section-team">
      <ul className="team-grid" role="list">
        {members.map((member) => (
          <li key={member.id} className="team-member">
            <figure className="team-portrait">
              <Picture src={member.photo.src} alt={member.photo.alt} sizes="(min-width: 768px) 240px, 200px" />
              {member.illustration ? <span className="portrait-badge">{illustration}</span> : null}
              <figcaption>
                <strong>{`${member.name}, ${member.credentials}`}</strong>
                <span>
                  <InEnglish note={member.inEnglish ? inEnglish : undefined}>{member.role}</InEnglish>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
