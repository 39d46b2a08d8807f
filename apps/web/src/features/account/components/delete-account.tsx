import { ACCOUNT_DELETION_GRACE_DAYS } from '@makan/contract/account';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { apiErrorText, firstFieldMessages, type Message, translateMessage } from '../../../lib/messages.ts';
import { useCurrentUser } from '../api/current-user.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { IdentityProof } from './identity-proof.tsx';

type Errors = Partial<Record<'proof' | 'form', Message>>;

/**
 * Settings › Delete account: what goes and what stays, then the password asked again (or, for an
 * account without one, a code sent to its email). The account is erased after the grace period
 * unless its owner logs in before.
 */
export function DeleteAccount() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const say = (message: Message | undefined) => (message ? translateMessage(t, message) : undefined);
  const withPassword = user.data?.has_password ?? true;

  const failed = (error: unknown) => {
    const fields = firstFieldMessages(error);
    const proof = fields.current_password ?? fields.code;
    setErrors(proof ? { proof } : { form: apiErrorText(t, error) });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (withPassword ? !password : code.length < 4) return setErrors({ proof: { code: 'required' } });
    setErrors({});
    remove.mutate(withPassword ? { current_password: password } : { code }, { onError: failed });
  };

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
          {withPassword && (
            <p className="text-slate-600 dark:text-slate-300">{t('account.deletePasswordText')}</p>
          )}
          <IdentityProof
            action="deletion"
            password={password}
            onPassword={setPassword}
            code={code}
            onCode={setCode}
            codeSentTo={codeSentTo}
            onCodeSent={setCodeSentTo}
            error={say(errors.proof)}
            testId="delete-account"
            autoFocus
          />
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
