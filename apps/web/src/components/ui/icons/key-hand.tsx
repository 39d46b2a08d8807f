import { Icon, type IconProps } from './icon.tsx';

export function KeyHandIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="15" cy="8" r="4" />
      <path d="m12.2 10.8-8.2 8.2M6 17l2 2M8.5 14.5l2 2" />
    </Icon>
  );
}

/** A filled badge with a check: the verified mark (meaning, not direction: never mirrored). */
