import { PRIMARY_COLOR } from '@portal/shared/constants';

/** The platform's own icon, for the favicon of a company without one and of the platform itself:
 *  a leaf carrying a lightning bolt, on the platform's teal-green. */
export const DEFAULT_ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
<rect width="64" height="64" rx="14" fill="${PRIMARY_COLOR}"/>
<path d="M14 50C14 28 28 14 50 14C50 36 36 50 14 50Z" fill="#fff"/>
<path d="M35 20L24 35H31L28 45L40 29H33Z" fill="${PRIMARY_COLOR}"/>
</svg>
`;

export const DEFAULT_ICON_TYPE = 'image/svg+xml';
