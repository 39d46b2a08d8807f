import { Icon, type IconProps, mirrored } from './icon.tsx';

export function SendIcon({ className, ...props }: IconProps) {
  return (
    <Icon className={mirrored(className)} {...props}>
      <path d="M4 12 20 4l-4 16-4-6-8-2Z" />
      <path d="m12 14 8-10" />
    </Icon>
  );
}
