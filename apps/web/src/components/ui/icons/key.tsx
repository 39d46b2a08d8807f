import { Icon, type IconProps } from './icon.tsx';

export function KeyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="8" cy="15" r="4" />
      <path d="m10.8 12.2 8.7-8.7M16 7l2.5 2.5M18.5 4.5 21 7" />
    </Icon>
  );
}

/** LinkedIn's mark, filled with `currentColor` (brand glyphs are not stroked). */
