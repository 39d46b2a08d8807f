import { type ContactChannel, changeContactRequest, confirmContactRequest } from '@makan/contract/account';
import { TEXT } from '@makan/contract/texts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/field.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import {
  apiErrorText,
  firstFieldMessages,
  issueMessagesByField,
  type Message,
  translateMessage,
} from '../../../lib/messages.ts';
import { useConfirmContactChange, useRequestContactChange } from '../api/change-contact.ts';
import { useCurrentUser } from '../api/current-user.ts';
import { IdentityProof } from './identity-proof.tsx';

type Errors = Partial<Record<'value' | 'proof' | 'code' | 'form', Message>>;

/** Step 1's messages: the proof's (password or code) on one place. */
function askErrors(fields: Partial<Record<string, Message>>): Errors {
  const proof = fields.current_password ?? fields.code;
  return { ...(fields.value ? { value: fields.value } : {}), ...(proof ? { proof } : {}) };
}

/**
 * Step 1 (new address, and the password or, without one, a code to the current email), then
 * step 2 (the code sent to the new address).
 */
function ChangeContactForm({ channel, onDone }: { channel: ContactChannel; onDone: () => void }) {
  const { t } = useTranslation();
  const ask = useRequestContactChange();
  const confirm = useConfirmContactChange();
  const [value, setValue] = useState('');
  const user = useCurrentUser();
  const withPassword = user.data?.has_password ?? true;
  const [password, setPassword] = useState('');
  const [proofCode, setProofCode] = useState('');
  const [proofSentTo, setProofSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const say = (message: Message | undefined) => (message ? translateMessage(t, message) : undefined);

  const failed = (error: unknown, step: 'ask' | 'confirm') => {
    const fields = firstFieldMessages(error);
    const shown = step === 'ask' ? askErrors(fields) : fields.code ? { code: fields.code } : {};
    setErrors(Object.keys(shown).length > 0 ? shown : { form: apiErrorText(t, error) });
  };

  const onAsk = async (event: FormEvent) => {
    event.preventDefault();
    const proof = withPassword ? { current_password: password } : { code: proofCode };
    const parsed = changeContactRequest.safeParse({ channel, value, ...proof });
    if (!parsed.success)
      return setErrors(
        askErrors(issueMessagesByField(parsed.error.issues, ['value', 'current_password', 'code'])),
      );
    setErrors({});
    try {
      const { data } = await ask.mutateAsync(parsed.data);
      setSentTo(data.value);
    } catch (error) {
      failed(error, 'ask');
    }
  };

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = confirmContactRequest.safeParse({ channel, code });
    if (!parsed.success) return setErrors(issueMessagesByField(parsed.error.issues, ['code']));
    setErrors({});
    try {
      await confirm.mutateAsync(parsed.data);
      showToast(translateMessage(t, channel === 'email' ? TEXT.emailChanged : TEXT.phoneChanged), 'success');
      onDone();
    } catch (error) {
      failed(error, 'confirm');
    }
  };

  if (sentTo) {
    return (
      <form
        noValidate
        onSubmit={onConfirm}
        className="flex flex-col gap-4"
        data-testid={`contact-confirm-${channel}`}
      >
        <p className="text-slate-600 dark:text-slate-300">
          {t('validation.contactCodeSent', { address: sentTo })}
        </p>
        {errors.form && <Alert>{say(errors.form)}</Alert>}
        <OtpInput
          label={t('account.code')}
          value={code}
          onChange={setCode}
          error={say(errors.code)}
          autoFocus
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={confirm.isPending} data-testid={`contact-confirm-submit-${channel}`}>
            {t('account.confirmChange')}
          </Button>
          <Button type="button" variant="secondary" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        </div>
      </form>
    );
  }
  return (
    <form
      noValidate
      onSubmit={onAsk}
      className="flex flex-col gap-4"
      data-testid={`contact-change-${channel}`}
    >
      {errors.form && <Alert>{say(errors.form)}</Alert>}
      <Input
        label={channel === 'email' ? t('account.newEmail') : t('account.newPhone')}
        type={channel === 'email' ? 'email' : 'tel'}
        autoComplete={channel === 'email' ? 'email' : 'tel'}
        dir="ltr"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={say(errors.value)}
        required
        requiredMark
        data-testid={`contact-value-${channel}`}
      />
      <IdentityProof
        action="contact_change"
        password={password}
        onPassword={setPassword}
        code={proofCode}
        onCode={setProofCode}
        codeSentTo={proofSentTo}
        onCodeSent={setProofSentTo}
        error={say(errors.proof)}
        testId={`contact-${channel}`}
      />
      <div className="flex flex-wrap gap-3">
        {(withPassword || proofSentTo) && (
          <Button type="submit" loading={ask.isPending} data-testid={`contact-send-${channel}`}>
            {t('account.sendCode')}
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Settings: the account's email and phone, each changed with a code sent to the new address. */
export function ContactSettings() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [open, setOpen] = useState<ContactChannel | null>(null);
  const rows: { channel: ContactChannel; label: string; value: string | undefined }[] = [
    { channel: 'email', label: t('account.email'), value: user.data?.email },
    { channel: 'phone', label: t('account.phone'), value: user.data?.phone },
  ];
  return (
    <div className="flex flex-col gap-6">
      <p className="text-slate-600 dark:text-slate-300">{t('account.contactText')}</p>
      {rows.map(({ channel, label, value }) => (
        <div key={channel} className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="font-medium text-slate-900 dark:text-slate-50">{label}</p>
              <p
                className="text-slate-600 dark:text-slate-300"
                dir="ltr"
                data-testid={`contact-current-${channel}`}
              >
                {value === undefined ? '…' : value || t('account.notAdded')}
              </p>
            </div>
            {open !== channel && (
              <Button
                variant="secondary"
                onClick={() => setOpen(channel)}
                aria-label={channel === 'email' ? t('account.changeEmail') : t('account.changePhone')}
                data-testid={`contact-open-${channel}`}
              >
                {t('account.change')}
              </Button>
            )}
          </div>
          {open === channel && <ChangeContactForm channel={channel} onDone={() => setOpen(null)} />}
        </div>
      ))}
    </div>
  );
}
