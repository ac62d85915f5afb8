/** The profile's language card: the portal, the person's notifications and emails follow it (record 0090). */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './i18n';
import { LanguageSwitch } from './language-switch';

export function LanguageSettings() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="language-settings-title">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="language-settings-title">
          {t('language.label')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('language.hint')}
        </Text>
        <LanguageSwitch />
      </Stack>
    </Paper>
  );
}
