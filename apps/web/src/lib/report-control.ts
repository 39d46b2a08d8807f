import type { ReportTarget } from '@makan/contract/moderation';
import { type ComponentType, createContext, useContext } from 'react';

/** Something a member can report: what it is, its id, and whose it is (for the dialog's words). */
export interface ReportSubject {
  type: ReportTarget;
  id: number;
  /** The author's or the account's name. */
  name: string;
}

export interface ReportControlProps {
  subject: ReportSubject;
  /** An icon-only button (a post card's header) or a labelled one (a profile's actions). */
  compact?: boolean;
}

/**
 * The Report button, handed down by the app layer: posts, comments and profiles offer it without
 * importing the reports feature (features never import each other). Absent (null) where no page
 * provides it, e.g. a component's own tests.
 */
export const ReportControlContext = createContext<ComponentType<ReportControlProps> | null>(null);

export function useReportControl(): ComponentType<ReportControlProps> | null {
  return useContext(ReportControlContext);
}
