/** The attendance percentage, shown prominently, and the warning below the required minimum. */
import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { ATTENDANCE_WARNING_PERCENT, type AttendanceSummary, type OnLeaveCounting } from '@campus/contract';
import { useStudentWords } from '../../../i18n/student';
import { formatAttendancePercent } from '../../../lib/format';

const RING_SIZE = 96;
const RING_THICKNESS = 10;

/**
 * The percentage as a ring, an arc clockwise from the top over a grey track: the picture Mantine's
 * RingProgress draws, without the floating tooltip it mounts for every section (which measures the
 * page's layout as the screen first renders, even with no tooltip to show).
 */
function PercentRing({ percent, color }: { percent: number; color: string }) {
  const centre = RING_SIZE / 2;
  const radius = (RING_SIZE * 0.9 - RING_THICKNESS * 2) / 2;
  const circumference = 2 * Math.PI * radius;
  const arc = (Math.min(100, Math.max(0, percent)) / 100) * circumference;
  const circle = { cx: centre, cy: centre, r: radius, fill: 'none', strokeWidth: RING_THICKNESS };
  return (
    <svg className="attendance-ring" width={RING_SIZE} height={RING_SIZE} aria-hidden>
      <circle className="attendance-ring-track" {...circle} />
      <circle
        {...circle}
        stroke={color}
        strokeLinecap="round"
        strokeDasharray={`${arc} ${circumference}`}
        transform={`rotate(-90 ${centre} ${centre})`}
      />
    </svg>
  );
}

export function AttendanceSummaryCard({
  summary,
  rule = 'exclude',
}: {
  summary: AttendanceSummary;
  /** How the campus counts On leave days. */
  rule?: OnLeaveCounting;
}) {
  const { t } = useStudentWords();
  const shown = formatAttendancePercent(summary.percentage);
  return (
    <Stack gap="sm">
      <Paper component="section" aria-labelledby="attendance-percentage-label" withBorder p="md" radius="md">
        <Group gap="lg" wrap="nowrap">
          <PercentRing
            percent={summary.percentage}
            color={`var(--mantine-color-${summary.belowWarning ? 'red' : 'green'}-9)`}
          />
          <div>
            <Text id="attendance-percentage-label" size="sm" c="dimmed">
              {t('attendance.summary.label')}
            </Text>
            <Text fz={36} fw={700} lh={1.2}>
              {shown}
            </Text>
            <Text size="sm">
              {summary.total === 0 && summary.onLeave === 0
                ? t('attendance.summary.none')
                : t('attendance.summary.present', { count: summary.total, present: summary.present })}
            </Text>
            {summary.onLeave > 0 && (
              <Text size="sm" c="dimmed">
                {t('attendance.summary.onLeave', {
                  count: summary.onLeave,
                  rule: t(`attendance.summary.rule.${rule}`),
                })}
              </Text>
            )}
          </div>
        </Group>
      </Paper>
      {summary.belowWarning && (
        <Alert color="red" title={t('attendance.summary.warningTitle')}>
          {t('attendance.summary.warning', { shown, min: ATTENDANCE_WARNING_PERCENT })}
        </Alert>
      )}
    </Stack>
  );
}
