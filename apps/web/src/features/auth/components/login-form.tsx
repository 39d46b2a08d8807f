import type { LoginRequest } from '@makan/contract/auth';
import { normalizeIdentifier } from '@makan/contract/identifier';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input, PasswordInput } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/http.ts';
import { lazyModule } from '../../../lib/lazy-module.ts';
import {
  apiErrorText,
  firstFieldMessages,
  issueMessagesByField,
  type Message,
  translateMessage,
} from '../../../lib/messages.ts';
import { getItem } from '../../../lib/storage.ts';
import { login } from '../api/login.ts';
import {
  type FlowState,
  nextVerificationPath,
  readFlowState,
  rememberContact,
  withRedirect,
} from '../flow.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { authLinkClass } from './auth-card.tsx';

// Only shown while an account is locked: its code (the code box, the unlock calls) is not part of
// every visit's /login.
const UnlockPanel = lazy(() => import('./unlock-panel.tsx').then((m) => ({ default: m.UnlockPanel })));

type Field = keyof LoginRequest;
type Errors = Partial<Record<Field, Message>>;

const FIELDS: ReadonlyArray<Field> = ['identifier', 'password'];
const isField = (name: unknown): name is Field => FIELDS.some((field) => field === name);

type AuthContract = typeof import('@makan/contract/auth');
/**
 * The contract's auth schemas, and zod with them, load when the visitor starts on the form (focus) or
 * sends it, not with /login: they are most of what the page's first load would otherwise carry (issue 17).
 */
const authContract = lazyModule<AuthContract>(() => import('@makan/contract/auth'));

/** The form's values checked by the contract's schema: the first message per field, or the values. */
function check({ loginRequest }: AuthContract, form: HTMLFormElement) {
  const data = new FormData(form);
  const parsed = loginRequest.safeParse({
    identifier: String(data.get('identifier') ?? ''),
    password: String(data.get('password') ?? ''),
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  return { values: null, errors: issueMessagesByField(parsed.error.issues, FIELDS) };
}

/** Focuses the first field (in the form's order) that has an error. */
function focusFirst(form: HTMLFormElement, errors: Errors) {
  const first = FIELDS.find((field) => errors[field]);
  const element = first ? form.elements.namedItem(first) : null;
  if (element instanceof HTMLInputElement) element.focus();
}

/**
 * Login with email or phone (spec §2). An unverified account is sent to enter its code; a signed-in
 * user goes to the safe `redirect`, else home or onboarding. Two fields checked by the contract's
 * schema on submit, then again on every change: no form library, so /login loads none (issue 17).
 */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search, state } = useLocation();
  // Sent here by an expired session: say so (spec §8 401), until the user tries again.
  const expired = readFlowState(state).notice === 'sessionExpired';
  const completeSignIn = useCompleteSignIn();
  const [formError, setFormError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  // Coming back from signup and verification, the email is already known.
  const [initialIdentifier] = useState(() => getItem('user_email') ?? '');
  // Locked by wrong passwords: the owner may sign in with a code sent to this identifier.
  const [lockedIdentifier, setLockedIdentifier] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // A second submit while the first is still loading the schemas or waiting for the server does nothing.
  const sending = useRef(false);

  const errorOf = (name: Field) => {
    const message = errors[name];
    return message ? translateMessage(t, message) : undefined;
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    // Submitted once, so the schemas are loaded.
    const loaded = authContract.now();
    if (submitted && loaded) setErrors(check(loaded, event.currentTarget).errors);
  };

  const send = async (contract: AuthContract, form: HTMLFormElement, body: LoginRequest) => {
    try {
      const { data, message } = await login(body);
      completeSignIn(data, message, new URLSearchParams(search).get('redirect'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        const pending = contract.verificationRequiredResult.safeParse(error.data);
        const next = pending.success ? nextVerificationPath(pending.data.verification) : null;
        if (pending.success && next) {
          rememberContact(pending.data.verification);
          const state: FlowState = { codeSentAt: Date.now(), notice: 'verificationRequired' };
          navigate(withRedirect(next, search), { state });
          return;
        }
      }
      if (error instanceof ApiError && error.kind === 'validation') {
        const fromServer: Errors = {};
        const others: Message[] = [];
        for (const [field, message] of Object.entries(firstFieldMessages(error))) {
          if (isField(field)) fromServer[field] = message;
          else others.push(message);
        }
        setErrors(fromServer);
        focusFirst(form, fromServer);
        if (others[0]) setFormError(translateMessage(t, others[0]));
        else if (!error.errors) setFormError(apiErrorText(t, error));
        return;
      }
      if (error instanceof ApiError && error.code === 'accountLocked') setLockedIdentifier(body.identifier);
      setFormError(apiErrorText(t, error));
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    const form = event.currentTarget;
    try {
      let contract: AuthContract;
      try {
        contract = await authContract.get();
      } catch (error) {
        // Offline before the schemas ever loaded: said like any request that could not go out.
        setFormError(apiErrorText(t, error));
        return;
      }
      setSubmitted(true);
      const { values, errors: invalid } = check(contract, form);
      setErrors(invalid);
      if (!values) {
        focusFirst(form, invalid);
        return;
      }
      setFormError(null);
      setLockedIdentifier(null);
      setSubmitting(true);
      await send(contract, form, { ...values, identifier: normalizeIdentifier(values.identifier) });
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  };

  const typedPassword = () => {
    const field = formRef.current?.elements.namedItem('password');
    return field instanceof HTMLInputElement ? field.value : '';
  };

  return (
    <>
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        onFocus={() => void authContract.get().catch(() => {})}
        data-testid="login-form"
        className="flex flex-col gap-5"
      >
        {formError && <Alert testId="login-error">{formError}</Alert>}
        {expired && !formError && (
          <Alert tone="info" testId="login-notice">
            {t('errors.http.401')}
          </Alert>
        )}
        <Input
          name="identifier"
          defaultValue={initialIdentifier}
          label={t('auth.login.identifier')}
          error={errorOf('identifier')}
          autoComplete="username"
          dir="ltr"
          required
          data-testid="login-identifier"
        />
        <div className="flex flex-col gap-2">
          <PasswordInput
            name="password"
            label={t('auth.login.password')}
            error={errorOf('password')}
            autoComplete="current-password"
            dir="ltr"
            required
            data-testid="login-password"
            toggleTestId="login-password-toggle"
          />
          <Link
            to="/forgot-password"
            data-testid="login-forgot-link"
            className={`self-end text-sm ${authLinkClass}`}
          >
            {t('auth.login.forgot')}
          </Link>
        </div>
        <Button type="submit" loading={isSubmitting} data-testid="login-submit" className="w-full">
          {isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
      </form>
      {lockedIdentifier && (
        <Suspense fallback={null}>
          <UnlockPanel
            key={lockedIdentifier}
            identifier={lockedIdentifier}
            password={typedPassword}
            onSignedIn={(data, message) =>
              completeSignIn(data, message, new URLSearchParams(search).get('redirect'))
            }
          />
        </Suspense>
      )}
    </>
  );
}
