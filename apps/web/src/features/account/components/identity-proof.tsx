import type { AccountCodeAction } from '@makan/contract/account';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CurrentPasswordInput } from '../../../components/ui/field.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';
import { apiErrorText, translateMessage } from '../../../lib/messages.ts';
import { useAccountCode } from '../api/account-code.ts';
import { useCurrentUser } from '../api/current-user.ts';

type Props = {
  /** What the proof is for: the code sent is good for this action only. */
  action: AccountCodeAction;
  password: string;
  onPassword: (value: string) => void;
  code: string;
  onCode: (value: string) => void;
  /** Where the code went once sent (kept by the form, so it can show its submit then). */
  codeSentTo: string | null;
  onCodeSent: (address: string) => void;
  /** The message of the proof's field: on the password box, or on the code. */
  error: string | undefined;
  /** Prefix of the test ids: `<testId>-password`, `<testId>-send-code`. */
  testId: string;
  autoFocus?: boolean;
};

/**
 * Who is asking, asked again before a change of who can get in: the current password, or, for an
 * account without one (LinkedIn only), a code sent to its email for this action.
 */
export function IdentityProof({
  action,
  password,
  onPassword,
  code,
  onCode,
  codeSentTo,
  onCodeSent,
  error,
  testId,
  autoFocus,
}: Props) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const send = useAccountCode();

  if (user.data?.has_password ?? true) {
    return (
      <CurrentPasswordInput
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        error={error}
        autoFocus={autoFocus}
        data-testid={`${testId}-password`}
        toggleTestId={`${testId}-password-toggle`}
      />
    );
  }
  if (codeSentTo) {
    const sent = action === 'deletion' ? 'deletionCodeSent' : 'identityCodeSent';
    return (
      <div className="flex flex-col gap-3">
        <p className="text-slate-600 dark:text-slate-300">
          {translateMessage(t, { code: sent, params: { address: codeSentTo } })}
        </p>
        <OtpInput label={t('account.code')} value={code} onChange={onCode} error={error} autoFocus />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-600 dark:text-slate-300">
        {t('account.proofCodeText', { email: user.data?.email ?? '' })}
      </p>
      <div>
        <Button
          type="button"
          variant="secondary"
          loading={send.isPending}
          onClick={() => send.mutate(action, { onSuccess: ({ data }) => onCodeSent(data.value) })}
          data-testid={`${testId}-send-code`}
        >
          {t('account.proofSendCode')}
        </Button>
      </div>
      {(send.error || error) && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {send.error ? apiErrorText(t, send.error) : error}
        </p>
      )}
    </div>
  );
}
