import { Icon, type IconProps, mirrored } from './icon.tsx';

export function ArrowBackIcon({ className, ...props }: IconProps) {
  return (
    <Icon className={mirrored(className)} {...props}>
      <path d="M19 12H5M11 18l-6-6 6-6" />
    </Icon>
  );
}
