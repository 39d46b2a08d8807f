import type { IconProps } from './icon.tsx';

export function VerifiedIcon({ className = 'size-5', ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      <path
        fill="currentColor"
        d="M12 1.8 14.6 4l3.4-.3.8 3.3 2.9 1.8-1.3 3.2 1.3 3.2-2.9 1.8-.8 3.3-3.4-.3L12 22.2 9.4 20l-3.4.3-.8-3.3-2.9-1.8L3.6 12 2.3 8.8l2.9-1.8.8-3.3 3.4.3L12 1.8Z"
      />
      <path
        d="m8 12.2 2.8 2.8L16.2 9.5"
        fill="none"
        stroke="white"
        strokeWidth={2.2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
