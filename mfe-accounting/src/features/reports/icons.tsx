import { createSvgIcon } from '@mui/material/utils';

// The chevrons of the drill-down, drawn inline with MUI's createSvgIcon.
export const ExpandIcon = createSvgIcon(<path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />, 'Expand');

export const CollapseIcon = createSvgIcon(<path d="m12 8-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z" />, 'Collapse');
