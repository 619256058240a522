import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import { createSvgIcon } from '@mui/material/utils';

// The few icons the shell needs, drawn inline (Material Design paths) rather than
// pulling an icon package. Below the features: the layout and the company switcher use them.
export const MenuIcon = createSvgIcon(<path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />, 'Menu');

export const CloseIcon = createSvgIcon(
  <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />,
  'Close',
);

/** The chevron of a collapsible group; it turns with `open` (its own sx, so none is taken). */
export function ExpandIcon({ open, ...props }: Omit<SvgIconProps, 'sx'> & { open: boolean }) {
  return (
    <SvgIcon {...props} sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }}>
      <path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />
    </SvgIcon>
  );
}

export const LogoutIcon = createSvgIcon(
  <path d="m17 7-1.41 1.41L18.17 11H8v2h10.17l-2.58 2.58L17 17l5-5zM4 5h8V3H4c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h8v-2H4z" />,
  'Logout',
);
