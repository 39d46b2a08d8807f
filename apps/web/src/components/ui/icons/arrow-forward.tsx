import { Icon, type IconProps, mirrored } from './icon.tsx';

export function ArrowForwardIcon({ className, ...props }: IconProps) {
  return (
    <Icon className={mirrored(className)} {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Icon>
  );
}
