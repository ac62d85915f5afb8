/**
 * Asks why a request is rejected. A reason is required (the student sees it with the decision): one
 * of the common ones in a tap, which fills the box to adjust, or the teacher's own words. A missing
 * reason is said on the box, and the dialog stays open.
 */
import { Button, Chip, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { useCommonWords } from '../i18n/words';

/** The English words of `shared.reasonRequired`, said on the box when no reason is given. */
export const REASON_REQUIRED = 'Give a reason: the student sees it with the decision.';

export function RejectReasonDialog({
  opened,
  title,
  presets,
  description,
  submitLabel,
  maxLength,
  onReject,
  onClose,
}: {
  opened: boolean;
  title: string;
  /** The common reasons, one tap each. */
  presets: readonly string[];
  /** Who sees the reason. */
  description: string;
  submitLabel: string;
  maxLength: number;
  /** Called with the reason, trimmed and never empty; the dialog then closes. */
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useCommonWords();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const presetsId = useId();
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const preset = presets.includes(reason) ? reason : null;
  const write = (text: string) => {
    setReason(text);
    if (text.trim()) setError(null);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      closeButtonProps={{ 'aria-label': t('shared.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const text = reason.trim();
          if (!text) {
            setError(t('shared.reasonRequired'));
            return;
          }
          onReject(text);
          close();
        }}
      >
        <Stack>
          <div role="group" aria-labelledby={presetsId}>
            <Text id={presetsId} size="sm" fw={500} mb={6}>
              {t('shared.commonReasons')}
            </Text>
            <Chip.Group value={preset} onChange={(value) => write(value)}>
              <Group gap="xs">
                {presets.map((text) => (
                  <Chip key={text} value={text} size="sm" variant="outline">
                    {text}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </div>
          <Textarea
            label={t('shared.reason')}
            description={description}
            value={reason}
            onChange={(event) => write(event.currentTarget.value)}
            error={error}
            required
            maxLength={maxLength}
            autosize
            minRows={3}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('shared.cancel')}
            </Button>
            <Button type="submit" color="red.9">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
