import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** Material's "file upload" icon, drawn inline like web-kit's icons. */
export function UploadIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M9 16h6v-6h4l-7-7-7 7h4zm-4 2h14v2H5z" />
    </SvgIcon>
  );
}
