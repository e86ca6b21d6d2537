import { PRODUCT_KEY } from './product.ts';

/** Platforms the download section knows (spec §2). */
export const PLATFORMS = ['windows', 'macos-m', 'macos-intel', 'linux'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Platform labels of spec §3, as shown in "We're guessing you're on {platform} platform." */
export const PLATFORM_LABELS = {
  windows: 'Windows',
  macos: 'MacOS',
  'macos-m': 'MacOS M',
  'macos-intel': 'MacOS Intel',
  linux: 'Linux',
} as const;
export type PlatformLabelKey = keyof typeof PLATFORM_LABELS;

export interface DownloadItem {
  os: Platform;
  /** Package format the server streams (`format=msi` for Windows, spec §7). */
  format: 'msi' | 'dmg' | 'deb';
  fileName: string;
  buttonLabel: string;
  /** GET /api/downloadApp query that serves it. */
  link: string;
}

function item(os: Platform, format: DownloadItem['format'], buttonLabel: string): DownloadItem {
  const query = os === 'windows' ? `os=${os}&format=${format}` : `os=${os}`;
  return {
    os,
    format,
    fileName: `${PRODUCT_KEY}-${os}.${format}`,
    buttonLabel,
    link: `/api/downloadApp?${query}`,
  };
}

export const DOWNLOAD_ITEMS: Readonly<Record<Platform, DownloadItem>> = {
  windows: item('windows', 'msi', 'Download for Windows'),
  'macos-m': item('macos-m', 'dmg', 'Download for MacOS M-series'),
  'macos-intel': item('macos-intel', 'dmg', 'Download for MacOS Intel'),
  linux: item('linux', 'deb', 'Download for Ubuntu'),
};
