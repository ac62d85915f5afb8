/**
 * A guardian's notification settings (decision record 0093): for each child and each kind of news,
 * at once, in the one daily digest for all their children, or off. A choice is saved as it is made.
 * What comes at once is also pushed to the devices turned on here (decision record 0088).
 */
import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { GUARDIAN_MAIL_KINDS, type GuardianMailKind, type MailMode } from '@campus/contract';
import { LoadFailedState, LoadingState } from '../../../components/page-states';
import { PageTitle } from '../../../components/page-title';
import { PushSettings } from '../../push/components/push-settings';
import { Segmented } from '../../../components/segmented';
import { showOutcome } from '../../../components/toast';
import { useGuardianNoticeWords } from '../../../i18n/guardian-notices';
import { failureDetail } from '../../../lib/failure';
import { useGuardianSettings, useSaveGuardianSettings } from '../notice-api';

const MODES: readonly MailMode[] = ['now', 'digest', 'off'];

export function GuardianSettingsPage() {
  const { t } = useGuardianNoticeWords();
  const settings = useGuardianSettings();
  const save = useSaveGuardianSettings();

  const choose = (child: { rollNo: number; name: string }, kind: GuardianMailKind, mode: MailMode) =>
    save.mutate(
      { rollNo: child.rollNo, modes: { [kind]: mode } },
      {
        onSuccess: () => showOutcome({ ok: true, message: t('settings.saved', { name: child.name }) }),
        onError: (error) =>
          showOutcome({ ok: false, title: t('settings.saveFailed'), message: failureDetail(error) }),
      },
    );

  function body() {
    if (settings.isPending) return <LoadingState label={t('settings.loading')} />;
    if (settings.isError)
      return <LoadFailedState title={t('settings.loadFailed')} onRetry={() => void settings.refetch()} />;
    const { children, address, emailEnabled } = settings.data;
    return (
      <Stack gap="md">
        {!emailEnabled && <Alert color="yellow">{t('settings.emailOff')}</Alert>}
        {address && <Text>{t('settings.address', { address })}</Text>}
        {children.length === 0 && <Text>{t('settings.noChildren')}</Text>}
        {children.map((child) => (
          <Card
            key={child.rollNo}
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-labelledby={`child-${child.rollNo}`}
          >
            <Title order={2} size="h4" id={`child-${child.rollNo}`} mb="sm">
              {t('settings.child', { name: child.name, rollNo: child.rollNo })}
            </Title>
            <Stack gap="md">
              {GUARDIAN_MAIL_KINDS.map((kind) => (
                <Stack key={kind} gap={4}>
                  <Text fw={500}>{t(`settings.kinds.${kind}`)}</Text>
                  <Segmented
                    label={`${t(`settings.kinds.${kind}`)}: ${child.name}`}
                    data={MODES.map((mode) => ({ value: mode, label: t(`settings.modes.${mode}`) }))}
                    value={child.modes[kind]}
                    onChange={(mode) => choose(child, kind, mode)}
                    style={{ maxWidth: 420 }}
                  />
                </Stack>
              ))}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={720}>
      <PageTitle>{t('settings.title')}</PageTitle>
      <Text c="dimmed" mt={-8}>
        {t('settings.intro')}
      </Text>
      {body()}
      <PushSettings about={t('settings.push')} />
    </Stack>
  );
}
