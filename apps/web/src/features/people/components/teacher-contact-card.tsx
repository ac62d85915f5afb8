/**
 * A teacher's contact card; the student's own mentor is marked and comes first in the list.
 *
 * A page shows two dozen cards at once, so the card's layout and its lines of text are plain
 * elements with Mantine's looks (plain-text.ts), not a Stack, a Group, a Title and three Texts each.
 * Their layout (teacher-contact-card.css) comes with the role area's stylesheet (app/areas.tsx).
 */
import { Badge, Button, Card } from '@mantine/core';
import type { ContactTeacher } from '@campus/contract';
import { CARD_HEADING, SMALL_TEXT, withClass } from '../../../components/plain-text';

const EMAIL = withClass(SMALL_TEXT, 'contact-card-email');

export function TeacherContactCard({ teacher }: { teacher: ContactTeacher }) {
  return (
    <Card component="article" withBorder radius="md" padding="md">
      <div className="contact-card-body">
        <div className="contact-card-head">
          <h2 {...CARD_HEADING}>{teacher.name}</h2>
          {teacher.isMentor && <Badge variant="filled">Your mentor</Badge>}
        </div>
        {teacher.groups.length > 0 && <p {...SMALL_TEXT}>Mentor of {teacher.groups.join(', ')}</p>}
        <p {...EMAIL}>Email: {teacher.email}</p>
        {teacher.phoneNo && <p {...SMALL_TEXT}>Phone: {teacher.phoneNo}</p>}
        <Button
          component="a"
          href={`mailto:${teacher.email}`}
          aria-label={`Contact Mentor ${teacher.name}`}
          className="contact-card-action"
        >
          Contact Mentor
        </Button>
      </div>
    </Card>
  );
}
