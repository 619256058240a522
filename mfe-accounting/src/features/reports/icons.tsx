import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

// The chevrons of the drill-down, drawn inline like ../../ui/icons.
export function ExpandIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />
    </SvgIcon>
  );
}

export function CollapseIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="m12 8-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z" />
    </SvgIcon>
  );
}
