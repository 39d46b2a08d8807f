import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadFailure } from '../../components/ui/load-failure.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useCurrentUser } from '../../features/account/api/current-user.ts';
import {
  ModerationConsole,
  type ModerationView,
} from '../../features/moderation/components/moderation-console.tsx';
import { apiErrorText } from '../../lib/messages.ts';

/** The console, once the signed-in user's role is known (GET /api/user): members see "not allowed". */
function AdminPage({ view }: { view: ModerationView }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (user.isPending) return <PageSpinner />;
  if (user.isError)
    return (
      <LoadFailure
        title={t('moderation.loadFailed')}
        message={apiErrorText(t, user.error)}
        onRetry={() => void user.refetch()}
      />
    );
  return <ModerationConsole role={user.data.role} view={view} />;
}

export function AdminQueuePage() {
  return <AdminPage view={{ tab: 'queue' }} />;
}

export function AdminSignalsPage() {
  return <AdminPage view={{ tab: 'signals' }} />;
}

export function AdminLicencesPage() {
  return <AdminPage view={{ tab: 'licences' }} />;
}

export function AdminVerificationsPage() {
  return <AdminPage view={{ tab: 'verifications' }} />;
}

export function AdminAuditPage() {
  return <AdminPage view={{ tab: 'audit' }} />;
}

export function AdminModeratorsPage() {
  return <AdminPage view={{ tab: 'moderators' }} />;
}

/** /admin/reports/{type}/{id}. */
export function AdminCasePage() {
  const { type, id } = useParams();
  return <AdminPage view={{ tab: 'case', type, id }} />;
}
