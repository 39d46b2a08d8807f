import type { SVGProps } from 'react';

/**
 * Inline SVG icons (24 × 24, stroke `currentColor`). Decorative by default (aria-hidden); give them a
 * `title` only where no visible text names the control. Direction-bearing icons (arrows, chevrons)
 * carry `rtl:-scale-x-100` so they mirror in Arabic; others never flip.
 */
export type IconProps = SVGProps<SVGSVGElement>;

export function Icon({ children, className = 'size-5', ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {children}
    </svg>
  );
}

export const mirrored = (className = 'size-5') => `${className} rtl:-scale-x-100`;
