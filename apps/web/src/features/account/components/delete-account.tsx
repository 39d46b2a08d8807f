import { ACCOUNT_DELETION_GRACE_DAYS } from '@makan/contract/account';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CurrentPasswordInput } from '../../../components/ui/field.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';
import { apiErrorText, firstFieldMessages, type Message, translateMessage } from '../../../lib/messages.ts';
import { useCurrentUser } from '../api/current-user.ts';
import { useDeleteAccount, useDeletionCode } from '../api/delete-account.ts';

type Errors = Partial<Record<'current_password' | 'code' | 'form', Message>>;

/**
 * Settings › Delete account: what goes and what stays, then the password asked again (or, for an
 * account without one, a code sent to its email). The account is erased after the grace period
 * unless its owner logs in before.
 */
export function DeleteAccount() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const remove = useDeleteAccount();
  const sendCode = useDeletionCode();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const say = (message: Message | undefined) => (message ? translateMessage(t, message) : undefined);
  const withPassword = user.data?.has_password ?? true;

  const failed = (error: unknown) => {
    const fields = firstFieldMessages(error);
    setErrors(
      fields.current_password || fields.code
        ? { current_password: fields.current_password, code: fields.code }
        : { form: apiErrorText(t, error) },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (withPassword && !password) return setErrors({ current_password: { code: 'required' } });
    if (!withPassword && code.length < 4) return setErrors({ code: { code: 'required' } });
    setErrors({});
    remove.mutate(withPassword ? { current_password: password } : { code }, { onError: failed });
  };

  const askCode = () =>
    sendCode.mutate(undefined, {
      onSuccess: ({ data }) => setCodeSentTo(data.value),
      onError: failed,
    });

  const close = () => {
    setOpen(false);
    setPassword('');
    setCode('');
    setErrors({});
  };

  return (
    <div className="flex flex-col gap-4" data-testid="delete-account">
      <p className="text-slate-600 dark:text-slate-300">
        {t('account.deleteText', { days: ACCOUNT_DELETION_GRACE_DAYS })}
      </p>
      {!open ? (
        <div>
          <Button variant="danger" onClick={() => setOpen(true)} data-testid="delete-account-open">
            {t('account.deleteOpen')}
          </Button>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          className="flex flex-col gap-4"
          data-testid="delete-account-form"
        >
          {errors.form && <Alert testId="delete-account-error">{say(errors.form)}</Alert>}
          {withPassword ? (
            <>
              <p className="text-slate-600 dark:text-slate-300">{t('account.deletePasswordText')}</p>
              <CurrentPasswordInput
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={say(errors.current_password)}
                autoFocus
                data-testid="delete-account-password"
                toggleTestId="delete-account-password-toggle"
              />
            </>
          ) : codeSentTo ? (
            <>
              <p className="text-slate-600 dark:text-slate-300">
                {t('validation.deletionCodeSent', { address: codeSentTo })}
              </p>
              <OtpInput
                label={t('account.code')}
                value={code}
                onChange={setCode}
                error={say(errors.code)}
                autoFocus
              />
            </>
          ) : (
            <>
              <p className="text-slate-600 dark:text-slate-300">
                {t('account.deleteCodeText', { email: user.data?.email ?? '' })}
              </p>
              <div>
                <Button
                  type="button"
                  variant="secondary"
                  loading={sendCode.isPending}
                  onClick={askCode}
                  data-testid="delete-account-send-code"
                >
                  {t('account.deleteSendCode')}
                </Button>
              </div>
            </>
          )}
          <div className="flex flex-wrap gap-3">
            {(withPassword || codeSentTo) && (
              <Button
                type="submit"
                variant="danger"
                loading={remove.isPending}
                data-testid="delete-account-confirm"
              >
                {remove.isPending ? t('account.deleteWorking') : t('account.deleteConfirm')}
              </Button>
            )}
            <Button type="button" variant="secondary" onClick={close}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
