import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cx } from '../../lib/cx.ts';
import { buttonClasses } from './button.tsx';
import { UnreadBadge } from './unread-badge.tsx';

/**
 * A header icon that is a link, with an unread count in its corner (the chat on narrow screens, the
 * notifications' bell): highlighted on its own page; `label` says what and how many.
 */
export function IconNavLink({
  to,
  label,
  icon,
  count,
  testId,
  badgeTestId,
  className,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  count: number;
  testId: string;
  badgeTestId: string;
  className?: string | undefined;
}) {
  return (
    <NavLink
      to={to}
      aria-label={label}
      title={label}
      data-testid={testId}
      className={({ isActive }) =>
        buttonClasses(
          'ghost',
          'icon',
          cx('relative', isActive && 'text-primary-700 dark:text-primary-300', className),
        )
      }
    >
      {icon}
      <UnreadBadge count={count} className="absolute -end-0.5 -top-0.5" testId={badgeTestId} />
    </NavLink>
  );
}
