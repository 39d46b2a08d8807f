import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx.ts';
import { AlertCircleIcon } from './icons/alert-circle.tsx';
import { EyeIcon } from './icons/eye.tsx';
import { EyeOffIcon } from './icons/eye-off.tsx';

interface FieldOwnProps {
  label: ReactNode;
  /** Shown under the control and linked with aria-describedby; marks the control invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Marks the label with an asterisk (hidden from screen readers: `required` says it already). */
  requiredMark?: boolean;
  className?: string;
}

/** What a field gives its control: the id its label names, whether it is invalid, what describes it. */
export interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps extends FieldOwnProps {
  /** The control's id (one is made when none is given). */
  id?: string | undefined;
  children: (control: ControlWiring) => ReactNode;
}

/** Label, control, hint and error, wired together: `children` draws the control with the wiring given. */
export function Field({ id, label, error, hint, requiredMark, className, children }: FieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      {/* The asterisk sits outside the label so the label's text stays exactly the field's name. */}
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={fieldId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {label}
        </label>
        {requiredMark && (
          <span aria-hidden="true" className="text-sm text-red-700 dark:text-red-400">
            *
          </span>
        )}
      </div>
      {children({
        id: fieldId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : hint ? hintId : undefined,
      })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="flex items-start gap-1 text-sm text-red-700 dark:text-red-400">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

/**
 * A refusal said under what it is about (a form, a list's next page): read out at once (`role="alert"`);
 * nothing is drawn without a text.
 */
export function ErrorText({
  id,
  testId,
  className,
  children,
}: {
  id?: string | undefined;
  testId?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  if (!children) return null;
  return (
    <p
      id={id}
      role="alert"
      className={cx('text-sm text-red-700 dark:text-red-400', className)}
      data-testid={testId}
    >
      {children}
    </p>
  );
}

/** A text control's look: its border says whether it is invalid. */
export const controlClasses = (invalid: boolean) =>
  cx(
    'w-full rounded-xl border bg-white px-3.5 text-base text-slate-900 shadow-sm transition-colors sm:text-sm',
    'placeholder:text-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500',
    'focus-visible:border-primary-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary-600/40',
    'dark:focus-visible:border-primary-300 dark:focus-visible:outline-primary-300/40',
    'disabled:cursor-not-allowed disabled:opacity-60',
    invalid ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-700',
  );

/** A control's props split into its field's (label, error, hint, mark, class, id) and its own. */
function splitField<P extends FieldOwnProps & { id?: string | undefined }>(props: P) {
  const { label, error, hint, requiredMark, className, id, ...own } = props;
  return [{ label, error, hint, requiredMark, className, id }, own] as const;
}

export interface InputProps extends FieldOwnProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  ref?: Ref<HTMLInputElement>;
  inputClassName?: string;
}

export function Input({ inputClassName, ref, ...props }: InputProps) {
  const [field, own] = splitField(props);
  return (
    <Field {...field}>
      {(control) => (
        <input
          ref={ref}
          {...control}
          className={cx(controlClasses(Boolean(field.error)), 'h-11', inputClassName)}
          {...own}
        />
      )}
    </Field>
  );
}

export interface PasswordInputProps extends Omit<InputProps, 'type'> {
  toggleTestId?: string;
}

/** A password box with a Show/Hide button at its end; the button never submits the form. */
export function PasswordInput({ inputClassName, ref, toggleTestId, ...props }: PasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [field, own] = splitField(props);
  return (
    <Field {...field}>
      {(control) => (
        // The box's own direction (a password is typed left to right, Arabic pages too): the button
        // sits at the end the text leaves free, never over the first characters.
        <div className="relative" dir={own.dir}>
          <input
            ref={ref}
            {...control}
            type={visible ? 'text' : 'password'}
            className={cx(controlClasses(Boolean(field.error)), 'h-11 pe-12', inputClassName)}
            {...own}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
            aria-controls={control.id}
            data-testid={toggleTestId}
            className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-xl text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100"
          >
            {visible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
          </button>
        </div>
      )}
    </Field>
  );
}

export interface TextareaProps
  extends FieldOwnProps,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ ref, rows = 5, ...props }: TextareaProps) {
  const [field, own] = splitField(props);
  return (
    <Field {...field}>
      {(control) => (
        <textarea
          ref={ref}
          {...control}
          rows={rows}
          className={cx(controlClasses(Boolean(field.error)), 'min-h-32 resize-y py-2.5 leading-relaxed')}
          {...own}
        />
      )}
    </Field>
  );
}

export interface SelectProps
  extends FieldOwnProps,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ ref, children, ...props }: SelectProps) {
  const [field, own] = splitField(props);
  return (
    <Field {...field}>
      {(control) => (
        <select ref={ref} {...control} className={cx(controlClasses(Boolean(field.error)), 'h-11')} {...own}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** The password asked again before a change of who can get in (settings): same label and box everywhere. */
export function CurrentPasswordInput(props: Omit<PasswordInputProps, 'label' | 'autoComplete' | 'dir'>) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t('account.currentPassword')}
      autoComplete="current-password"
      dir="ltr"
      required
      requiredMark
      {...props}
    />
  );
}
