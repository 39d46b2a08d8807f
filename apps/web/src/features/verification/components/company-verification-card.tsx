import type { UserType } from '@makan/contract/auth';
import { TEXT } from '@makan/contract/texts';
import {
  VERIFICATION_DOCUMENT_ACCEPT,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  type VerificationState,
  verificationFields,
} from '@makan/contract/verification';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/field.tsx';
import { Card } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import {
  apiErrorMessage,
  apiErrorText,
  firstFieldMessages,
  issueMessagesByField,
  type Message,
  translateMessage,
} from '../../../lib/messages.ts';
import { formatDate } from '../../../lib/time.ts';
import { useCompanyVerification, useRequestVerification } from '../api/company-verification.ts';

type Errors = Partial<Record<'registration_number' | 'document', Message>>;

const DOCUMENT_EXTENSIONS = /\.(pdf|jpe?g|png|webp)$/i;
const DOCUMENT_TYPES = new Set(VERIFICATION_DOCUMENT_ACCEPT.split(','));

/**
 * The document's own checks before sending: there is one, its size, and (a hint only: the server
 * decides from the bytes) its kind. A file refused here says plainly what it is (a known other type
 * and another extension); one the browser cannot name (no type, no extension) goes to the server.
 */
export function documentProblem(file: File | null): Message | undefined {
  if (!file) return { code: 'verificationDocumentRequired' };
  if (file.size > VERIFICATION_DOCUMENT_MAX_BYTES) return { code: 'verificationDocumentTooLarge' };
  const named = DOCUMENT_EXTENSIONS.test(file.name) || DOCUMENT_TYPES.has(file.type);
  const unknown = file.type === '' && !/\.[^./]+$/.test(file.name);
  if (!named && !unknown) return { code: 'verificationDocumentInvalid' };
  return undefined;
}

/**
 * The company's verification (issue 21) on its own profile: where its request stands, and, when it
 * may ask (never asked, or refused), the registration number and document form. Only developer
 * accounts are companies; others see nothing.
 */
export function CompanyVerificationCard({ userType }: { userType: UserType }) {
  const { t } = useTranslation();
  const isCompany = userType === 'developer';
  const state = useCompanyVerification(isCompany);
  // Kept here, not in the form: a 409 refreshes the state, which may take the form away.
  const [failure, setFailure] = useState<string | undefined>();
  if (!isCompany) return null;
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{t('verification.title')}</h2>
      {state.isPending ? (
        <div className="flex justify-center py-4 text-primary-700 dark:text-primary-300">
          <Spinner />
        </div>
      ) : state.isError ? (
        <Alert tone="error">
          {apiErrorText(t, state.error)}{' '}
          <Button variant="secondary" size="sm" onClick={() => void state.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          {failure && <Alert tone="error">{failure}</Alert>}
          <VerificationStatus state={state.data} />
          {canRequest(state.data) && <VerificationForm onFailure={setFailure} />}
        </>
      )}
    </Card>
  );
}

const canRequest = (state: VerificationState) =>
  !state.company_verified &&
  state.verification?.status !== 'pending' &&
  state.verification?.status !== 'approved';

function VerificationStatus({ state }: { state: VerificationState }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const request = state.verification;
  const date = (value: string) =>
    formatDate(value, language, { day: 'numeric', month: 'long', year: 'numeric' });
  let text: string;
  let status: string;
  if (state.company_verified || request?.status === 'approved') {
    status = 'approved';
    text = t('verification.status.approved');
  } else if (!request) {
    status = 'none';
    text = t('verification.status.none');
  } else if (request.status === 'pending') {
    status = 'pending';
    text = t('verification.status.pending', { date: date(request.created_at) });
  } else {
    status = 'refused';
    text = t('verification.status.refused', { date: date(request.decided_at ?? request.created_at) });
  }
  return (
    <div data-testid="company-verification-status" data-status={status} className="flex flex-col gap-2">
      <p className="text-sm text-slate-700 dark:text-slate-300">{text}</p>
      {status === 'refused' && request?.reason && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          <span className="font-medium">{t('verification.reason')}</span>{' '}
          <span dir="auto">{request.reason}</span>
        </p>
      )}
    </div>
  );
}

function VerificationForm({ onFailure }: { onFailure: (text: string | undefined) => void }) {
  const { t } = useTranslation();
  const send = useRequestVerification();
  const [registrationNumber, setRegistrationNumber] = useState('');
  const [document, setDocument] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = verificationFields.safeParse({ registration_number: registrationNumber });
    const next: Errors = parsed.success
      ? {}
      : issueMessagesByField(parsed.error.issues, ['registration_number'] as const);
    const problem = documentProblem(document);
    if (problem) next.document = problem;
    setErrors(next);
    onFailure(undefined);
    if (!parsed.success || !document || problem) return;
    send.mutate(
      { registrationNumber: parsed.data.registration_number, document },
      {
        onSuccess: ({ message }) =>
          showToast(translateMessage(t, message ?? TEXT.verificationRequested), 'success'),
        onError: (failure) => {
          const fields = firstFieldMessages(failure);
          if (fields.registration_number || fields.document) {
            setErrors({ registration_number: fields.registration_number, document: fields.document });
          } else if (failure instanceof ApiError && failure.status === 413) {
            setErrors({ document: { code: 'verificationDocumentTooLarge' } });
          } else {
            const coded = apiErrorMessage(failure);
            onFailure(coded ? translateMessage(t, coded) : apiErrorText(t, failure));
          }
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      data-testid="company-verification-form"
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('verification.intro')}</p>
      <Input
        label={t('verification.registrationNumber')}
        hint={t('verification.registrationNumberHint')}
        dir="ltr"
        autoComplete="off"
        value={registrationNumber}
        onChange={(event) => setRegistrationNumber(event.target.value)}
        error={errors.registration_number ? translateMessage(t, errors.registration_number) : undefined}
        required
        requiredMark
        data-testid="registration-number"
      />
      <Input
        label={t('verification.document')}
        hint={t('verification.documentHint')}
        type="file"
        accept={VERIFICATION_DOCUMENT_ACCEPT}
        onChange={(event) => setDocument(event.target.files?.[0] ?? null)}
        error={errors.document ? translateMessage(t, errors.document) : undefined}
        required
        requiredMark
        data-testid="verification-document"
      />
      <Button type="submit" loading={send.isPending} className="self-start" data-testid="verification-submit">
        {t('verification.submit')}
      </Button>
    </form>
  );
}
