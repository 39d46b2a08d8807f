import { toAsciiDigits } from '@makan/contract/identifier';
import { LIMITS } from '@makan/contract/limits';
import { type ClipboardEvent, type KeyboardEvent, type Ref, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx.ts';
import { AlertCircleIcon } from './icons/alert-circle.tsx';

/** The boxes of `value`: one digit or '' each (a space in `value` marks an empty box). */
export function otpSlots(value: string, length: number): string[] {
  return Array.from({ length }, (_, index) => {
    const char = value[index] ?? '';
    return /^\d$/.test(char) ? char : '';
  });
}

/** Back to one string: empty boxes inside become spaces (so the code reads as incomplete), trailing ones go. */
export function joinOtpSlots(slots: readonly string[]): string {
  return slots
    .map((digit) => digit || ' ')
    .join('')
    .trimEnd();
}

/** Only the digits of typed or pasted text, Arabic-Indic ones (٠-٩, ۰-۹) read as 0-9. */
export function otpDigits(text: string): string {
  return toAsciiDigits(text).replace(/\D/g, '');
}

interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  /** The visible name of the group ('Verification code'). */
  label: string;
  length?: number;
  error?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
  onBlur?: () => void;
  /** The first box, for a form library to focus on error. */
  ref?: Ref<HTMLInputElement>;
  /** `data-testid` of the group; the boxes get `<testId>-1` … `<testId>-n`. */
  testId?: string;
}

/**
 * A code of `length` digits in as many boxes: typing moves on, Backspace goes back, a pasted or
 * autofilled code fills every box. The boxes stay in left-to-right order in Arabic too (digits are
 * read that way), so the group is `dir="ltr"`.
 */
export function OtpInput({
  value,
  onChange,
  label,
  length = LIMITS.verificationCodeLength,
  error,
  disabled,
  autoFocus,
  onBlur,
  ref,
  testId = 'otp-input',
}: OtpInputProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const errorId = useId();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const slots = otpSlots(value, length);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `digits` into the boxes from `start` on, then focuses the box after the last one written. */
  const fill = (start: number, digits: string) => {
    const next = [...slots];
    const chars = Array.from(digits).slice(0, length - start);
    chars.forEach((digit, offset) => {
      next[start + offset] = digit;
    });
    onChange(joinOtpSlots(next));
    focusBox(start + chars.length);
  };

  const onInput = (index: number, raw: string) => {
    const previous = slots[index] ?? '';
    let digits = otpDigits(raw);
    if (previous && raw.length > 1) {
      // A digit typed into a filled box: keep the new one, wherever the caret was.
      if (digits.length === 2 && digits.includes(previous)) {
        digits = digits[0] === previous ? digits.slice(1) : digits.slice(0, 1);
      } else if (digits === previous) {
        return; // Something other than a digit was typed: nothing changes.
      }
    }
    if (!digits) {
      const next = [...slots];
      next[index] = '';
      onChange(joinOtpSlots(next));
      return;
    }
    // A whole code typed or autofilled into one box fills all of them from the first.
    fill(digits.length >= length ? 0 : index, digits);
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = otpDigits(event.clipboardData.getData('text'));
    if (digits) fill(digits.length >= length ? 0 : index, digits);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace':
        if (!slots[index] && index > 0) {
          event.preventDefault();
          const next = [...slots];
          next[index - 1] = '';
          onChange(joinOtpSlots(next));
          focusBox(index - 1);
        }
        break;
      // The group is left to right in either language, so the arrows match what the eye sees.
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        break;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(index + 1);
        break;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        break;
      case 'End':
        event.preventDefault();
        focusBox(length - 1);
        break;
    }
  };

  const firstEmpty = Math.max(0, slots.indexOf(''));

  return (
    <div className="flex flex-col items-center gap-2">
      <p id={labelId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </p>
      <fieldset
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        dir="ltr"
        data-testid={testId}
        className="flex justify-center gap-2.5 sm:gap-3"
      >
        {slots.map((digit, index) => (
          <input
            // The boxes never reorder, so their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length list of positions
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
              if (index === 0 && ref) {
                if (typeof ref === 'function') ref(element);
                else ref.current = element;
              }
            }}
            type="text"
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            // biome-ignore lint/a11y/noAutofocus: the code is the only thing to do on this screen
            autoFocus={autoFocus && index === firstEmpty}
            aria-label={t('otp.digit', { index: index + 1, total: length })}
            aria-invalid={error ? true : undefined}
            data-testid={`${testId}-${index + 1}`}
            value={digit}
            disabled={disabled}
            onChange={(event) => onInput(index, event.target.value)}
            onPaste={(event) => onPaste(index, event)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onFocus={(event) => event.target.select()}
            onBlur={onBlur}
            className={cx(
              'size-12 rounded-xl border bg-white text-center text-2xl font-semibold text-slate-900 shadow-sm tabular-nums transition-colors sm:size-14',
              'dark:bg-slate-900 dark:text-slate-50',
              'focus-visible:border-primary-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary-600/40',
              'dark:focus-visible:border-primary-300 dark:focus-visible:outline-primary-300/40',
              'disabled:cursor-not-allowed disabled:opacity-60',
              error
                ? 'border-red-600 dark:border-red-400'
                : digit
                  ? 'border-primary-500 dark:border-primary-400'
                  : 'border-slate-300 dark:border-slate-700',
            )}
          />
        ))}
      </fieldset>
      {error && (
        <p
          id={errorId}
          data-testid={`${testId}-error`}
          className="flex items-start gap-1 text-center text-sm text-red-700 dark:text-red-400"
        >
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          <span dir="auto">{error}</span>
        </p>
      )}
    </div>
  );
}
