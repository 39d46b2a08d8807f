import type { loginResult } from '@makan/contract/auth';
import { otpCodeField } from '@makan/contract/auth';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';
import { apiErrorText, firstFieldMessages, issueMessage, translateMessage } from '../../../lib/messages.ts';
import { sendUnlockCode, unlock } from '../api/unlock.ts';

/**
 * Shown when the account is locked by wrong passwords: the owner asks for a code (sent to the email or
 * phone typed) and signs in with it and the password, while the lock holds for anyone else.
 */
export function UnlockPanel({
  identifier,
  password,
  onSignedIn,
}: {
  identifier: string;
  /** The password as typed in the login form when the code is entered. */
  password: () => string;
  onSignedIn: (data: z.infer<typeof loginResult>, message: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const ask = async () => {
    setBusy(true);
    setError(null);
    try {
      await sendUnlockCode(identifier);
      setSent(true);
    } catch (err) {
      setError(apiErrorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = otpCodeField.safeParse(code);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      if (issue) setError(translateMessage(t, issueMessage(issue)));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { data, message } = await unlock({ identifier, code: parsed.data, password: password() });
      onSignedIn(data, message);
    } catch (err) {
      const [first] = Object.values(firstFieldMessages(err));
      setError(first ? translateMessage(t, first) : apiErrorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  if (!sent) {
    return (
      <div className="flex flex-col gap-3" data-testid="unlock-panel">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('auth.unlock.text')}</p>
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        <Button type="button" variant="secondary" loading={busy} onClick={ask} data-testid="unlock-send">
          {t('auth.unlock.send')}
        </Button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" data-testid="unlock-form">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('auth.unlock.sent')}</p>
      <OtpInput
        label={t('auth.unlock.code')}
        value={code}
        onChange={setCode}
        error={error ?? undefined}
        autoFocus
      />
      <Button type="submit" loading={busy} data-testid="unlock-submit">
        {t('auth.unlock.submit')}
      </Button>
    </form>
  );
}
