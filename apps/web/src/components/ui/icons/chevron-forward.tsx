import { Icon, type IconProps, mirrored } from './icon.tsx';

export function ChevronForwardIcon({ className, ...props }: IconProps) {
  return (
    <Icon className={mirrored(className)} {...props}>
      <path d="m9 6 6 6-6 6" />
    </Icon>
  );
}
