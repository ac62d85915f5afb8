/**
 * One query as a card: topic, tags, description, author, en-US short date, solution and likes. A
 * board shows twenty at once, so a card's layout and lines are plain elements with Mantine's looks
 * (plain-text.ts) rather than a Stack, a Group, a Title and several Texts each. Their layout
 * (query-card.css) comes with the role area's stylesheet (app/areas.tsx).
 */
import { Badge, Card, Group, Paper, Text } from '@mantine/core';
import { useContext, type ReactNode } from 'react';
import { ANONYMOUS_STUDENT, HIGHLIGHT_START, type Query } from '@campus/contract';
import { Highlighted, unmarked } from '../../../components/highlighted';
import { BODY_TEXT, CARD_HEADING, DIMMED_TEXT, withClass } from '../../../components/plain-text';
import { Tags } from '../../../components/tags';
import { useStudentWords } from '../../../i18n/student';
import { CurrentUserContext } from '../../../lib/current-user';
import { queryDate } from '../../../lib/dates';
import { formatDay } from '../../../lib/format';
import { isSolved } from '../api';
import { LikeButton } from './like-button';

/** Who asked, as this reader may know it: "You, anonymously", "Anonymous student", or the name. */
function askedBy(t: Words, query: Query, ownRollNo: number | undefined): string {
  if (query.anonymous && ownRollNo !== undefined && query.rollNo === ownRollNo)
    return t('shared.queries.youAnonymously');
  if (query.anonymous && query.rollNo === 0)
    return query.name === ANONYMOUS_STUDENT ? t('shared.queries.anonymousStudent') : query.name;
  const who = { name: query.name, rollNo: query.rollNo };
  return t(query.anonymous ? 'shared.queries.namedAnonymous' : 'shared.queries.named', who);
}

type Words = ReturnType<typeof useStudentWords>['t'];

const TOPIC = withClass(CARD_HEADING, 'query-card-wrap');
const DESCRIPTION = withClass(BODY_TEXT, 'query-card-prose');

export function QueryCard({ query, children }: { query: Query; children?: ReactNode }) {
  const { t, i18n } = useStudentWords();
  // The spec's "Dec 6, 2026" in English (SPEC §9); the campus's day form in another language.
  const askedOn = (iso: string) => (i18n.language === 'en' ? queryDate(iso) : formatDay(iso));
  const RollNo = useContext(CurrentUserContext)?.RollNo;
  const own = RollNo !== undefined && query.rollNo === RollNo;
  // A search marks its words: in the whole description when the index gave it whole, else in a part.
  const marked = query.highlight?.description ?? '';
  const found = marked.includes(HIGHLIGHT_START);
  const wholeMatch = found && unmarked(marked) === query.description;
  const partMatch = found && !wholeMatch;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={query.topic}>
      <div className="query-card-body">
        <div className="query-card-head">
          <h2 {...TOPIC}>{query.highlight ? <Highlighted text={query.highlight.topic} /> : query.topic}</h2>
          {/* One's own question shows its count; only others may like it (the server refuses too). */}
          {own ? (
            <p {...DIMMED_TEXT}>{t('shared.queries.likes', { count: query.likes })}</p>
          ) : (
            <LikeButton query={query} />
          )}
        </div>
        <Tags tags={query.tags} />
        <p {...DESCRIPTION}>{wholeMatch ? <Highlighted text={marked} /> : query.description}</p>
        {partMatch && (
          <p {...DIMMED_TEXT} aria-label={t('shared.queries.matched')}>
            {t('shared.queries.match')} <Highlighted text={marked} />
          </p>
        )}
        <p {...DIMMED_TEXT}>
          {t('shared.queries.asked', { who: askedBy(t, query, RollNo), date: askedOn(query.createdAt) })}
        </p>
        {query.hidden === true && (
          <Group gap="xs" role="note" wrap="wrap">
            <Badge variant="filled" color="red.9">
              {t('shared.queries.hidden')}
            </Badge>
            <Text size="sm">{t('shared.queries.hiddenWhy')}</Text>
          </Group>
        )}
        {isSolved(query) && (
          <Paper
            bg="var(--campus-surface-muted)"
            p="sm"
            radius="sm"
            aria-label={t('shared.queries.solution')}
            role="region"
          >
            <Text fw={600} size="sm">
              {t('shared.queries.solution')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{query.solution}</Text>
            {query.solvedAt !== null && (
              <Text size="sm" c="dimmed" mt={4}>
                {query.solvedBy
                  ? t('shared.queries.answeredBy', { name: query.solvedBy, date: askedOn(query.solvedAt) })
                  : t('shared.queries.answered', { date: askedOn(query.solvedAt) })}
              </Text>
            )}
          </Paper>
        )}
        {children}
      </div>
    </Card>
  );
}
