import { type Role, targetParams } from '@makan/contract/moderation';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { cx } from '../../../lib/cx.ts';
import { AuditLog } from './audit-log.tsx';
import { CaseView } from './case-view.tsx';
import { LicencesPanel } from './licences-panel.tsx';
import { NotAllowed, useCaseFrom } from './moderation-parts.tsx';
import { ModeratorsPanel } from './moderators-panel.tsx';
import { ReportQueue } from './report-queue.tsx';
import { VerificationsPanel } from './verifications-panel.tsx';

export type ModerationView =
  | { tab: 'queue' | 'signals' | 'licences' | 'verifications' | 'audit' | 'moderators' }
  | { tab: 'case'; type: string | undefined; id: string | undefined };

const TABS = [
  ['queue', '/admin'],
  ['signals', '/admin/signals'],
  ['licences', '/admin/licences'],
  ['verifications', '/admin/verifications'],
  ['audit', '/admin/audit'],
  ['moderators', '/admin/moderators'],
] as const;

const tabClasses = ({ isActive }: { isActive: boolean }) =>
  cx(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-200'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
  );

/**
 * /admin: the trust and safety console for moderators and admins (members are told it is not for
 * them; the server refuses them anyway). Members' reports, the server's signals, a case, licences to
 * check, company verifications, the audit log, and who moderates.
 */
export function ModerationConsole({ role, view }: { role: Role; view: ModerationView }) {
  const { t } = useTranslation();
  // A case is part of the queue it was opened from.
  const caseQueue = useCaseFrom() === 'signals' ? 'signals' : 'queue';
  if (role === 'member') return <NotAllowed standalone />;
  return (
    <Page title={t('moderation.title')} description={t('moderation.description')} testId="moderation-console">
      <nav aria-label={t('moderation.sections')} className="mb-6 flex flex-wrap gap-1">
        {TABS.map(([tab, to]) => (
          <NavLink
            key={tab}
            to={to}
            end
            className={(state) =>
              tabClasses({ isActive: state.isActive || (tab === caseQueue && view.tab === 'case') })
            }
            data-testid={`moderation-tab-${tab}`}
          >
            {t(`moderation.tabs.${tab}`)}
          </NavLink>
        ))}
      </nav>
      {view.tab === 'queue' && <ReportQueue kind="reports" />}
      {view.tab === 'signals' && <ReportQueue kind="signals" />}
      {view.tab === 'licences' && <LicencesPanel />}
      {view.tab === 'verifications' && <VerificationsPanel />}
      {view.tab === 'audit' && <AuditLog />}
      {view.tab === 'moderators' && <ModeratorsPanel isAdmin={role === 'admin'} />}
      {view.tab === 'case' && <CaseRoute type={view.type} id={view.id} />}
    </Page>
  );
}

function CaseRoute({ type, id }: { type: string | undefined; id: string | undefined }) {
  const { t } = useTranslation();
  const params = targetParams.safeParse({ type, id });
  if (!params.success) return <Alert tone="info">{t('moderation.case.notFound')}</Alert>;
  return (
    <CaseView key={`${params.data.type}-${params.data.id}`} type={params.data.type} id={params.data.id} />
  );
}
