/**
 * A calendar-day field in the campus order ("25/11/2026" in India) with a calendar to pick from. What
 * the form holds, and sends, stays an ISO day ("2026-11-25"); an empty field holds ''.
 */
import { DateInput, type DateInputProps } from '@mantine/dates';
// The date picker's styles (30 KB) come with its code, which only screens with a date field load:
// every other screen's first paint would parse and match them for nothing. A screen with a date
// field has the sheet named in its page (area-preload.json), so it arrives beside the screen's code.
import '@mantine/dates/styles.css';
import { useCommonWords } from '../i18n/words';
import { dayInputPattern, formatDayInput, parseDayInput } from '../lib/format';

export type DayInputProps = Omit<DateInputProps, 'value' | 'onChange' | 'minDate' | 'maxDate'> & {
  value: string;
  onChange: (iso: string) => void;
  /** The earliest and latest days to offer, as ISO days. */
  min?: string | undefined;
  max?: string | undefined;
};

export function DayInput({ value, onChange, min, max, description, ...rest }: DayInputProps) {
  const { t } = useCommonWords();
  const pattern = dayInputPattern();
  return (
    <DateInput
      {...rest}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={formatDayInput}
      dateParser={parseDayInput}
      placeholder={pattern}
      {...(description ? { description } : {})}
      // Days out of range are greyed in the calendar, but a typed one still reaches the form, whose
      // own check says on the field why it is refused (the calendar alone would drop it unsaid).
      {...(min || max
        ? {
            excludeDate: (day: string) =>
              (min !== undefined && day < min) || (max !== undefined && day > max),
          }
        : {})}
      clearable={!rest.required}
      clearButtonProps={{
        'aria-label':
          typeof rest.label === 'string' ? t('shared.clear', { label: rest.label }) : t('shared.clearDate'),
      }}
      popoverProps={{ withinPortal: true }}
    />
  );
}

/** A @mantine/form field's props for a DayInput: its value as an ISO day and the error on the field. */
export function dayProps(field: {
  value?: unknown;
  onChange: (value: string) => void;
  error?: unknown;
  onFocus?: unknown;
  onBlur?: unknown;
  label?: string;
}): Pick<DayInputProps, 'value' | 'onChange' | 'error' | 'onFocus' | 'onBlur' | 'label'> {
  return {
    value: typeof field.value === 'string' ? field.value : '',
    onChange: field.onChange,
    error: field.error as DayInputProps['error'],
    onFocus: field.onFocus as DayInputProps['onFocus'],
    onBlur: field.onBlur as DayInputProps['onBlur'],
    ...(field.label ? { label: field.label } : {}),
  };
}
