/** Mantine's password field, its show/hide button named in the person's language (`common`). */
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useCommonWords } from '../i18n/words';

export function PasswordField({ visibilityToggleButtonProps, ...props }: PasswordInputProps) {
  const { t } = useCommonWords();
  return (
    <PasswordInput
      visibilityToggleButtonProps={{
        'aria-label': t('shared.togglePassword'),
        ...visibilityToggleButtonProps,
      }}
      {...props}
    />
  );
}
