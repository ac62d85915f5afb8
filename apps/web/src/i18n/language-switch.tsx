/** "English | हिन्दी": each language named in itself, the one shown pressed (decision record 0090). */
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@campus/contract';
import { chooseLanguage } from './language';
import { useCommonWords } from './words';

export function LanguageSwitch({ onChosen }: { onChosen?: (language: Language) => void } = {}) {
  const { t, language: shown } = useCommonWords();
  const [failed, setFailed] = useState(false);
  return (
    <div>
      <Group gap={4} justify="center" role="group" aria-label={t('language.label')}>
        {LANGUAGES.map((language) => (
          <Button
            key={language}
            lang={language}
            size="compact-md"
            mih={44}
            miw={44}
            variant={language === shown ? 'filled' : 'subtle'}
            aria-pressed={language === shown}
            onClick={() => {
              setFailed(false);
              chooseLanguage(language).then(
                () => onChosen?.(language),
                () => setFailed(true),
              );
            }}
          >
            {LANGUAGE_NAMES[language]}
          </Button>
        ))}
      </Group>
      {failed && (
        <Text size="sm" c="var(--campus-text-danger)" role="alert" ta="center">
          {t('language.notSaved')}
        </Text>
      )}
    </div>
  );
}
