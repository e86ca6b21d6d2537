import { DOWNLOAD_ITEMS, PLATFORM_LABELS, type Platform } from '../constants/platforms.ts';
import { DESKTOP_USER_AGENT_TOKEN } from '../constants/product.ts';

/** Extra signals the browser may give beyond the user agent string. */
export interface PlatformHints {
  /** navigator.userAgentData.platform ('macOS', 'Windows', 'Linux', 'Android'...) or navigator.platform ('MacIntel', 'Win32'...). */
  platform?: string;
  /** True on Apple silicon / ARM, false on x86, absent when unknown (see appleSiliconHint). */
  isArm?: boolean;
}

/** The platform to offer when nothing is recognised. */
export const DEFAULT_PLATFORM: Platform = 'windows';

type OsFamily = 'windows' | 'mac' | 'linux' | 'mobile';

function osFromPlatformHint(platform: string): OsFamily | null {
  const p = platform.toLowerCase();
  if (p.includes('android') || /iphone|ipad|ipod|^ios/.test(p)) return 'mobile';
  if (p.startsWith('mac')) return 'mac';
  if (p.startsWith('win')) return 'windows';
  if (/linux|cros|chrome os|x11/.test(p)) return 'linux';
  return null;
}

function osFromUserAgent(userAgent: string): OsFamily | null {
  if (/Android|iPhone|iPad|iPod/.test(userAgent)) return 'mobile';
  if (/Windows|Win64|Win32/.test(userAgent)) return 'windows';
  if (/Macintosh|Mac OS X/.test(userAgent)) return 'mac';
  if (/Linux|X11|CrOS/.test(userAgent)) return 'linux';
  return null;
}

/**
 * Guesses the visitor's download platform (spec §2: "We're guessing you're on {platform} platform.").
 *
 * The platform hint, when given, wins over the user agent. On a Mac the architecture decides:
 * Safari and Chrome on Apple silicon still report "Intel Mac OS X" in the user agent, so the UA
 * cannot tell M-series from Intel. `hints.isArm` (from navigator.userAgentData architecture or the
 * WebGL renderer, see appleSiliconHint) decides: true → 'macos-m', false → 'macos-intel'; without a
 * hint a UA saying "Intel" gives 'macos-intel', and a Mac UA without "Intel" gives 'macos-m'.
 *
 * Decisions: phones and tablets (Android, iOS) have no desktop build and get the default, as does
 * anything unrecognised: 'windows'. ChromeOS counts as 'linux' (its Linux container takes the .deb).
 */
export function guessPlatform(userAgent: string, hints: PlatformHints = {}): Platform {
  const os = (hints.platform ? osFromPlatformHint(hints.platform) : null) ?? osFromUserAgent(userAgent);
  switch (os) {
    case 'windows':
      return 'windows';
    case 'linux':
      return 'linux';
    case 'mac':
      if (hints.isArm === true) return 'macos-m';
      if (hints.isArm === false) return 'macos-intel';
      return /Intel/.test(userAgent) ? 'macos-intel' : 'macos-m';
    default:
      return DEFAULT_PLATFORM;
  }
}

/**
 * Reads an Apple-silicon hint from what the browser exposes: `architecture` from
 * navigator.userAgentData.getHighEntropyValues(['architecture']) ('arm' / 'x86'), or the unmasked
 * WebGL renderer ('Apple M1', 'ANGLE (Apple, ANGLE Metal Renderer: Apple M2 Pro, ...)' → arm;
 * Intel / AMD / NVIDIA → not arm). Safari's masked renderer 'Apple GPU' says nothing: undefined.
 */
export function appleSiliconHint(signals: {
  architecture?: string;
  webglRenderer?: string;
}): boolean | undefined {
  const arch = signals.architecture?.toLowerCase();
  if (arch === 'arm' || arch === 'arm64') return true;
  if (arch === 'x86' || arch === 'x86_64' || arch === 'x64') return false;
  const renderer = signals.webglRenderer ?? '';
  if (/Apple M\d/.test(renderer)) return true;
  if (/Intel|AMD|Radeon|NVIDIA|GeForce/i.test(renderer)) return false;
  return undefined;
}

/** The label used in "We're guessing you're on {platform} platform." ('macos-m' → 'MacOS M'). */
export function platformLabel(platform: Platform): string {
  return PLATFORM_LABELS[platform];
}

/** The other platforms, in the display order of DOWNLOAD_ITEMS, for "Show for other platforms". */
export function otherPlatforms(platform: Platform): Platform[] {
  return (Object.keys(DOWNLOAD_ITEMS) as Platform[]).filter((p) => p !== platform);
}

/** True inside the desktop shell, whose user agent carries `Reachly/<version>` (spec §7). */
export function isDesktopApp(userAgent: string): boolean {
  return userAgent.includes(DESKTOP_USER_AGENT_TOKEN);
}
