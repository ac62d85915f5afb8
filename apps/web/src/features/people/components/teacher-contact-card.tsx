/**
 * A teacher's contact card; the student's own mentor is marked and comes first in the list.
 *
 * A page shows two dozen cards at once, so the card's layout and its lines of text are plain
 * elements with Mantine's Title and Text classes and the variables those components would set, not
 * a Stack, a Group, a Title and three Texts each (a phone's main thread drew 24 cards of them in
 * 120 ms at 4× CPU slowdown).
 */
import './teacher-contact-card.css';
import { Badge, Button, Card, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { ContactTeacher } from '@campus/contract';

const NAME_CLASS = `${Title.classes.root} mantine-Title-root`;
/** What `<Title order={2} size="h4">` sets. */
const NAME_STYLE = {
  '--title-fw': 'var(--mantine-h4-font-weight)',
  '--title-lh': 'var(--mantine-h4-line-height)',
  '--title-fz': 'var(--mantine-h4-font-size)',
} as CSSProperties;
const LINE_CLASS = `${Text.classes.root} mantine-Text-root`;
/** What `<Text size="sm">` sets. */
const LINE_STYLE = {
  '--text-fz': 'var(--mantine-font-size-sm)',
  '--text-lh': 'var(--mantine-line-height-sm)',
} as CSSProperties;

export function TeacherContactCard({ teacher }: { teacher: ContactTeacher }) {
  return (
    <Card component="article" withBorder radius="md" padding="md">
      <div className="contact-card-body">
        <div className="contact-card-head">
          <h2 className={NAME_CLASS} data-order={2} style={NAME_STYLE}>
            {teacher.name}
          </h2>
          {teacher.isMentor && <Badge variant="filled">Your mentor</Badge>}
        </div>
        {teacher.groups.length > 0 && (
          <p className={LINE_CLASS} style={LINE_STYLE}>
            Mentor of {teacher.groups.join(', ')}
          </p>
        )}
        <p className={`${LINE_CLASS} contact-card-email`} style={LINE_STYLE}>
          Email: {teacher.email}
        </p>
        {teacher.phoneNo && (
          <p className={LINE_CLASS} style={LINE_STYLE}>
            Phone: {teacher.phoneNo}
          </p>
        )}
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
