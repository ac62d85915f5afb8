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
import { useStudentWords } from '../../../i18n/student';

const EMAIL = withClass(SMALL_TEXT, 'contact-card-email');

export function TeacherContactCard({ teacher }: { teacher: ContactTeacher }) {
  const { t } = useStudentWords();
  return (
    <Card component="article" withBorder radius="md" padding="md">
      <div className="contact-card-body">
        <div className="contact-card-head">
          <h2 {...CARD_HEADING}>{teacher.name}</h2>
          {teacher.isMentor && <Badge variant="filled">{t('teachers.card.yourMentor')}</Badge>}
        </div>
        {teacher.groups.length > 0 && (
          <p {...SMALL_TEXT}>{t('teachers.card.mentorOf', { groups: teacher.groups.join(', ') })}</p>
        )}
        <p {...EMAIL}>{t('teachers.card.email', { email: teacher.email })}</p>
        {teacher.phoneNo && <p {...SMALL_TEXT}>{t('teachers.card.phone', { phone: teacher.phoneNo })}</p>}
        <Button
          component="a"
          href={`mailto:${teacher.email}`}
          aria-label={t('teachers.card.contactWho', { name: teacher.name })}
          className="contact-card-action"
        >
          {t('teachers.card.contact')}
        </Button>
      </div>
    </Card>
  );
}
