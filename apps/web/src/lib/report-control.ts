import type { ReportTarget } from '@makan/contract/moderation';
import { type ComponentType, createContext, useContext } from 'react';

/** Something a member can report: what it is, its id, and whose it is (for the dialog's words). */
export interface ReportSubject {
  type: ReportTarget;
  id: number;
  /** The author's or the account's name. */
  name: string;
}

export interface ReportButtonProps {
  subject: ReportSubject;
  /** An icon (a post card's header), a labelled button (a profile's actions) or a text link (a comment's). */
  appearance?: 'icon' | 'button' | 'link';
}

export interface ReportDialogProps {
  subject: ReportSubject;
  onClose: () => void;
}

/** The Report button, and the dialog alone for a place that opens it from a menu of its own (chat). */
export interface ReportControls {
  Button: ComponentType<ReportButtonProps>;
  Dialog: ComponentType<ReportDialogProps>;
}

/**
 * Handed down by the app layer: posts, comments, chat and profiles offer Report without importing
 * the reports feature (features never import each other). Null where no page provides it, e.g. a
 * component's own tests.
 */
export const ReportControlContext = createContext<ReportControls | null>(null);

export function useReportControls(): ReportControls | null {
  return useContext(ReportControlContext);
}
