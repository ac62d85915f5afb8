/**
 * The gate's answer at a glance. An answer to act on (Allow exit, Allow return) is an outlined card
 * whose one big filled button is the action; a move done (Exit recorded, Return recorded) is a solid
 * green or blue panel with a check; a refusal a solid red one with a cross; a code that names no pass
 * a neutral one asking to check it. The idle panel takes the scheme's muted surface (record 0021).
 */
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Ref } from 'react';
import type { GateAnswer, GatePassAtGate } from '@campus/contract';
import { answerWords, useGuardWords } from '../../../i18n/guard';
import { formatClock, formatDay } from '../../../lib/format';

export interface Shown {
  answer: GateAnswer;
  offline: boolean;
}

/** Solid panels and the action, white text: these deep shades keep it legible in both schemes. */
const SOLID = { exited: '#0b6e2e', returned: '#0b4f8a', refused: '#a80f0f' } as const;
/** The same shades as text and borders on the page: lighter ones on a dark page (record 0021). */
const INK = {
  exit: 'light-dark(#0b6e2e, var(--mantine-color-green-3))',
  return: 'light-dark(#0b4f8a, var(--mantine-color-blue-3))',
} as const;

const GLYPHS = {
  check: ['M5 12l5 5l10 -10'],
  cross: ['M18 6l-12 12', 'M6 6l12 12'],
  question: ['M8 8a3.5 3 0 0 1 3.5 -3h1a3.5 3 0 0 1 3.5 3a3 3 0 0 1 -2 3a3 4 0 0 0 -2 4', 'M12 19l0 .01'],
  out: [
    'M14 8v-2a2 2 0 0 0 -2 -2h-7a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2 -2v-2',
    'M9 12h12l-3 -3',
    'M18 15l3 -3',
  ],
  in: [
    'M15 8v-2a2 2 0 0 0 -2 -2h-7a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2 -2v-2',
    'M21 12h-13l3 -3',
    'M11 15l-3 -3',
  ],
};

function Glyph({ name, size = 28 }: { name: keyof typeof GLYPHS; size?: number }) {
  return (
    <svg
      aria-hidden
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {GLYPHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

function PassLines({ pass, tint }: { pass: GatePassAtGate; tint: string }) {
  const { t } = useGuardWords();
  return (
    <>
      <Group gap="sm" wrap="nowrap" align="center">
        <Box
          aria-hidden
          style={{
            width: 52,
            height: 52,
            flex: 'none',
            borderRadius: '50%',
            background: tint,
            color: '#fff',
            display: 'grid',
            placeItems: 'center',
            fontSize: 22,
            fontWeight: 800,
          }}
        >
          {pass.initials}
        </Box>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={800} c="inherit" style={{ fontSize: 'clamp(1.25rem, 5vw, 1.75rem)', lineHeight: 1.2 }}>
            {pass.name || t('answer.rollNo', { rollNo: pass.rollNo })}
          </Text>
          {pass.name && (
            <Text c="inherit">
              {pass.group ? `${pass.group} · ` : ''}
              {t('answer.rollNo', { rollNo: pass.rollNo })}
            </Text>
          )}
        </Stack>
      </Group>
      <Text c="inherit" size="lg" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {formatDay(pass.date)} · {formatClock(pass.time)}–
        {pass.returnBy ? formatClock(pass.returnBy) : t('answer.endOfDay')}
      </Text>
    </>
  );
}

interface Props {
  shown: Shown | null;
  busy: boolean;
  onConfirm: (move: 'exit' | 'return') => void;
  onDismiss: () => void;
  /** The answer's main button: the action when there is one, else Next pass. */
  actionRef: Ref<HTMLButtonElement>;
  /** Seconds until the desk clears itself, for answers that need nothing more. */
  clearsIn: number;
}

/** An answer to act on: who, when, the action, and a way to turn the student back. */
function AllowCard({
  shown,
  busy,
  onConfirm,
  onDismiss,
  actionRef,
}: Omit<Props, 'clearsIn' | 'shown'> & { shown: Shown }) {
  const { t } = useGuardWords();
  const { answer, offline } = shown;
  const exit = answer.outcome === 'allow-exit';
  const tint = exit ? SOLID.exited : SOLID.returned;
  const pass = answer.gatepass;
  return (
    <Stack gap="xs">
      <Text fw={800} tt="uppercase" c={exit ? INK.exit : INK.return}>
        {exit ? t('answer.leaving') : t('answer.comingBack')}
      </Text>
      {pass && <PassLines pass={pass} tint={tint} />}
      {answer.late && (
        <Text fw={700} c="var(--campus-text-warning)" size="lg">
          {t('answer.late')}
        </Text>
      )}
      {offline && <Text fw={700}>{t('answer.checkedOffline')}</Text>}
      <Group gap="sm" wrap="nowrap" mt={4}>
        <Button
          ref={actionRef}
          size="xl"
          color={tint}
          loading={busy}
          leftSection={<Glyph name={exit ? 'out' : 'in'} />}
          onClick={() => onConfirm(exit ? 'exit' : 'return')}
          px="md"
          style={{ flex: 1 }}
        >
          {answerWords(t, answer)}
        </Button>
        <Button
          size="lg"
          variant="default"
          px="sm"
          onClick={onDismiss}
          disabled={busy}
          style={{ flex: 'none' }}
        >
          {t('answer.cancel')}
        </Button>
      </Group>
      {pass?.reason && <Text>{pass.reason}</Text>}
    </Stack>
  );
}

function Outcome({
  shown,
  onDismiss,
  actionRef,
  clearsIn,
}: Omit<Props, 'busy' | 'onConfirm' | 'shown'> & { shown: Shown }) {
  const { t } = useGuardWords();
  const { answer, offline } = shown;
  const unknown = answer.reason === 'unknown-code';
  const refused = answer.outcome === 'refused';
  const pass = answer.gatepass;
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="nowrap" align="center">
        <Box style={{ flex: 'none', display: 'grid' }}>
          <Glyph name={unknown ? 'question' : refused ? 'cross' : 'check'} size={44} />
        </Box>
        <Title order={2} c="inherit" style={{ fontSize: 'clamp(1.6rem, 7vw, 2.6rem)', lineHeight: 1.1 }}>
          {refused && !unknown
            ? t('answer.refused')
            : offline && !refused
              ? t('answer.recordedHere')
              : answerWords(t, answer)}
        </Title>
      </Group>
      {refused && !unknown && (
        <Text fw={700} c="inherit" style={{ fontSize: 'clamp(1.2rem, 4vw, 1.6rem)' }}>
          {answerWords(t, answer)}
        </Text>
      )}
      {pass && (
        <Text c="inherit" size="lg" fw={700}>
          {pass.name ? `${pass.name} · ` : ''}
          {t('answer.rollNo', { rollNo: pass.rollNo })}
        </Text>
      )}
      {answer.late && (
        <Text fw={700} c="inherit" size="lg">
          {t('answer.late')}
        </Text>
      )}
      {offline && (
        <Text fw={700} c="inherit">
          {refused ? t('answer.checkedOffline') : t('answer.waitingHere')}
        </Text>
      )}
      <Group gap="sm" justify="space-between" wrap="nowrap" mt={4}>
        <Text c="inherit">{t('answer.nextIn', { count: clearsIn })}</Text>
        <Button
          ref={actionRef}
          size="lg"
          variant={unknown ? 'default' : 'white'}
          c={unknown ? undefined : '#000'}
          onClick={onDismiss}
          style={{ flex: 'none' }}
        >
          {t('answer.next')}
        </Button>
      </Group>
    </Stack>
  );
}

export function GateAnswerPanel(props: Props) {
  const { t } = useGuardWords();
  const { shown } = props;
  const outcome = shown?.answer.outcome;
  const acting = outcome === 'allow-exit' || outcome === 'allow-return';
  const unknown = shown?.answer.reason === 'unknown-code';
  const solid = outcome && !acting && !unknown ? SOLID[outcome] : undefined;
  return (
    <Paper
      role="status"
      aria-live="assertive"
      radius="md"
      p="md"
      mih={{ base: 0, sm: 280 }}
      data-testid="gate-answer"
      data-outcome={unknown ? 'unknown-code' : (outcome ?? 'ready')}
      style={{
        background:
          solid ?? (shown && !unknown ? 'var(--mantine-color-body)' : 'var(--campus-surface-muted)'),
        color: solid ? '#fff' : 'var(--mantine-color-text)',
        border: `3px solid ${
          solid ??
          (outcome === 'allow-exit'
            ? INK.exit
            : outcome === 'allow-return'
              ? INK.return
              : 'var(--campus-border)')
        }`,
      }}
    >
      {!shown ? (
        <Text size="lg">{t('answer.ready')}</Text>
      ) : acting ? (
        <AllowCard {...props} shown={shown} />
      ) : (
        <Outcome {...props} shown={shown} />
      )}
    </Paper>
  );
}
